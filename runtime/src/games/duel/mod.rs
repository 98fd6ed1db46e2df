//! 7 Wonders Duel's turn structure: two players, the wonder draft, Ages laid
//! out as pyramids of face-up and face-down cards, alternating turns, the
//! conflict track with its looting tokens, progress tokens won by pairs of
//! science symbols, the two supremacies and civilian victory.
//!
//! Rule references are to the Spanish rulebook
//! (`shared/rules/004_3b8f7cc44396d954.txt`), by its section titles.
//!
//! Like the base game, this module names no card, wonder or token: costs,
//! chains, production, prices, shields, science and every power come from
//! the game's tables and its generated effects. What the effects ask of the
//! turn structure arrives as [`Pending`] entries (an opponent losing coins,
//! discarding an opponent's card, taking a progress token) and abilities
//! (`extra_turns`, `discard_builds`, `discounts`, `trade_receivers`),
//! carried out here. A choice they set off (which token, which card) is a
//! decision of its own: the turn is resumed once it is made.
//!
//! Seats: seat 0 is the first player of Age I (and the first to pick in the
//! wonder draft). The conflict pawn's position is positive toward seat 1's
//! capital.

mod greedy;
mod invariants;
pub mod layout;
mod narrate;
pub mod scenario;
pub mod sheet;
pub mod trade;

use crate::engine::clone_reusing;
use std::fmt;

use sevenw_host::{
    CardId, Category, Colour, ColourSet, ConflictInfo, Cost, Event, GameInfo, Listens, Source,
};

use crate::engine::city::{City, MAX_CAT, Pending, run_built, run_event, seat_at};
use crate::engine::host::{CityHost, ScoreHost};
use crate::engine::military::Track;
use crate::engine::payment::MAX_RES;
use crate::engine::rng::{Rng, derive};
use crate::engine::science::{self, MAX_SYM};
use crate::engine::vocab::{Vocab, VocabError, listens};
use crate::game::{Game, Outcome, Score, Setup, SetupError, Sides, redeal};

pub use layout::{FIGURES, Layout, MAX_LAYOUT, Shape};
use trade::MarketKey;
pub use trade::TradeCache;

/// "Preparación" 4: five progress tokens on the board.
pub const BOARD_TOKENS: usize = 5;
/// "Fase de selección de Maravillas": 4 wonders per player, drafted 4 at a time.
pub const WONDERS_EACH: usize = 4;
/// "7 Maravillas ¡Ni una más!".
pub const MAX_WONDERS: u8 = 7;
/// "Descartar para conseguir monedas": 2 coins + 1 per yellow card.
pub const DISCARD_COINS: i32 = 2;
/// "Supremacía científica": 6 different symbols.
pub const SCIENCE_SUPREMACY: u32 = 6;
/// "Victoria civil": 1 point per full set of 3 coins.
pub const COINS_PER_VP: i32 = 3;

/// The scoring categories Duel's rules add to, found once by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cats {
    pub military: Category,
    pub treasury: Category,
    /// The tie-break: "más puntos de victoria por sus Estructuras civiles".
    pub civilian: Category,
}

/// Duel's rules bound to one game's tables.
#[derive(Clone, Debug)]
pub struct Duel {
    pub info: &'static GameInfo,
    pub vocab: Vocab,
    pub cats: Cats,
    pub conflict: ConflictInfo,
    /// The colour whose cards raise the discard income.
    pub yellow: Colour,
    pub shapes: Vec<Shape>,
    /// Per Age (index 0 unused), made once: the cards of its deck for two
    /// players, a copy each, in the card list's order; and the guilds it
    /// draws from, in the same order ("Preparar las cartas").
    ages: Vec<AgeCards>,
    /// Each wonder's cost (its first side's first stage), by wonder index:
    /// move generation asks it of every wonder in reach at every decision.
    wonder_costs: Vec<Option<&'static Cost>>,
}

/// What [`Duel::start_age`] shuffles for one Age, before any shuffle.
#[derive(Clone, Debug, Default)]
struct AgeCards {
    deck: Vec<CardId>,
    guilds: Vec<CardId>,
}

/// How the game ended ("Fin de la partida y victoria").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Victory {
    Civilian,
    Military,
    Science,
}

/// The ways a Duel is won, by name.
const VICTORIES: [&str; 3] = [
    Victory::Civilian.name(),
    Victory::Military.name(),
    Victory::Science.name(),
];

impl Victory {
    pub const fn name(self) -> &'static str {
        match self {
            Victory::Civilian => "civilian",
            Victory::Military => "military",
            Victory::Science => "science",
        }
    }
}

/// What a player does with the card taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Build the structure: `coins` of its cost to the bank, `trade` for
    /// the resources bought.
    Build { coins: u16, trade: u16 },
    /// Build it for free by a chain.
    Chain,
    /// Discard it for coins.
    Discard,
    /// Build the player's wonder `wonder` with it.
    Wonder { wonder: u8, coins: u16, trade: u16 },
}

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The card at `slot` of the layout, and what to do with it.
    Card {
        slot: u8,
        card: CardId,
        action: Action,
    },
    /// Take this wonder in the draft.
    Pick(u8),
    /// Take this progress token.
    Token(u8),
    /// Put this card of the opponent on the discard pile.
    Discard(CardId),
    /// Build this discarded card for free.
    Revive(CardId),
    /// Who starts the next Age: the chooser (`true`) or the opponent.
    Start(bool),
}

impl Move {
    /// The layout card a card move takes.
    pub fn card(&self) -> Option<CardId> {
        match self {
            Move::Card { card, .. } => Some(*card),
            _ => None,
        }
    }

    /// What a card move does with its card.
    pub fn action(&self) -> Option<Action> {
        match self {
            Move::Card { action, .. } => Some(*action),
            _ => None,
        }
    }
}

/// A choice an effect set off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// A progress token from the board, or (`drawn`) from those drawn from
    /// the tokens set aside ("La Gran Biblioteca").
    Token { drawn: bool },
    /// A card of these colours of the city at `victim`, to discard.
    Discard { victim: usize, colours: ColourSet },
    /// A card of the discard pile, to build for free.
    Revive,
}

/// Whose decision is pending, and of what kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The wonder draft: pick `pick` (0..4) of round `round` (0, 1).
    Draft { round: u8, pick: u8 },
    /// The player to move takes a card.
    #[default]
    Play,
    /// `seat` makes a choice its build set off.
    Choose { seat: usize, choice: Choice },
    /// `chooser` says who starts the next Age.
    Starter { chooser: usize },
    /// The game is over.
    Over,
}

/// Everything on the table of a Duel game: the position.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub cities: Vec<City>,
    /// Wonders each player still may build.
    pub wonders: [Vec<u8>; 2],
    /// Wonders each player has built, in order.
    pub built: [Vec<u8>; 2],
    /// The cards under each player's built wonders, face down.
    pub stage_cards: [Vec<CardId>; 2],
    /// The wonders face up in the draft.
    pub draft: Vec<u8>,
    /// The wonders not yet revealed in the draft, in the order they come.
    pub draft_deck: Vec<u8>,
    /// Wonders returned to the box (not drafted, or left unbuilt when the
    /// 7th was built).
    pub boxed_wonders: Vec<u8>,
    pub layout: Layout,
    /// The discard pile ("Los jugadores pueden consultar el mazo de descartes
    /// en cualquier momento").
    pub discard: Vec<CardId>,
    /// Cards returned to the box unseen (set aside, guilds not drawn).
    pub boxed: Vec<CardId>,
    /// Every card laid out so far.
    pub dealt: Vec<CardId>,
    /// Progress tokens on the board, set aside, held by each player, and
    /// drawn from those set aside for a choice.
    pub board_tokens: Vec<u8>,
    pub aside_tokens: Vec<u8>,
    pub tokens: [Vec<u8>; 2],
    pub drawn_tokens: Vec<u8>,
    /// The conflict pawn and the military tokens already applied.
    pub track: Track,
    /// Market versions: `market[s]` changes whenever what seat `s` pays for
    /// resources may have changed (its production, prices, discounts, or
    /// the opponent's brown and grey production).
    pub market: [u32; 2],
    /// Science symbols whose pair already gave a progress token, per seat.
    pub paired: [u16; 2],
    pub age: u8,
    /// Whose turn it is.
    pub current: usize,
    /// Who played last.
    pub last: usize,
    /// Turns played in all.
    pub turns: u32,
    pub ended: Option<(Victory, Option<usize>)>,
}

clone_reusing!(Table {
    cities,
    wonders,
    built,
    stage_cards,
    draft,
    draft_deck,
    boxed_wonders,
    layout,
    discard,
    boxed,
    dealt,
    board_tokens,
    aside_tokens,
    tokens,
    drawn_tokens,
    track,
    market,
    paired,
    age,
    current,
    last,
    turns,
    ended,
});

impl Table {
    /// The empty table of a new game, with two cities of `coins` coins,
    /// keeping the buffers of this one.
    fn reset(&mut self, coins: i32) {
        let mut cities = std::mem::take(&mut self.cities);
        // Every field of the default table, into this one's buffers.
        self.clone_from(&Table::default());
        cities.resize_with(2, City::default);
        for city in &mut cities {
            city.reset(0, 0, coins, 2);
        }
        self.cities = cities;
    }

    /// Built wonders in the whole game.
    pub fn wonders_built(&self) -> u8 {
        (self.built[0].len() + self.built[1].len()).min(255) as u8
    }

    /// The conflict pawn: positive toward seat 1's capital.
    pub fn pawn(&self) -> i32 {
        self.track.pawn
    }
}

/// A Duel game in progress.
#[derive(Debug)]
pub struct State {
    pub table: Table,
    pub phase: Phase,
    rng: Rng,
    cache: TradeCache,
    /// What effects read of the other city (see [`Duel::run`]).
    shadow: [City; 2],
    /// Rebuilding a table from a sheet: coins effects pay are not added.
    rebuild: bool,
}

clone_reusing!(State {
    table,
    phase,
    rng,
    cache,
    shadow,
    rebuild,
});

impl State {
    /// A state with nothing dealt (allocates nothing).
    pub(super) fn blank() -> State {
        State {
            table: Table::default(),
            phase: Phase::Play,
            rng: Rng::new(0),
            cache: TradeCache::default(),
            shadow: Default::default(),
            rebuild: false,
        }
    }
}

impl PartialEq for State {
    /// The same point of the same game: position, decision, random stream.
    fn eq(&self, o: &Self) -> bool {
        self.table == o.table && self.phase == o.phase && self.rng == o.rng
    }
}

impl Duel {
    /// Duel's rules over `info`: two players, laid-out Ages (one figure per
    /// Age), a conflict track, the categories they score.
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        let vocab = Vocab::new(info)?;
        let cats = Cats {
            military: vocab.category("military")?,
            treasury: vocab.category("treasury")?,
            civilian: vocab.category("civilian")?,
        };
        let not = |why| VocabError::Shape { rules: "Duel", why };
        if info.min_players > 2 || info.max_players < 2 {
            return Err(not("it is not for two players"));
        }
        let conflict = info
            .conflict
            .ok_or_else(|| not("it has no conflict track"))?;
        // The pawn applies a token when it moves onto or past its square,
        // and it starts on the centre (the compiler checks the same).
        if conflict.tokens.iter().any(|&(at, _)| at == 0) {
            return Err(not("a conflict token lies on the centre square"));
        }
        if info.layout == 0 {
            return Err(not("its Ages are not laid out"));
        }
        if usize::from(info.ages) > FIGURES.len() {
            return Err(not("it has more Ages than the rulebook has figures"));
        }
        let yellow = vocab.colour("yellow")?;
        let shapes: Vec<Shape> = FIGURES[..usize::from(info.ages)]
            .iter()
            .map(|rows| Shape::new(rows))
            .collect();
        if shapes.iter().any(|s| s.len != info.layout) {
            return Err(not("its Ages do not lay out the figures' 20 cards"));
        }
        // "Preparar las cartas": every Age deck fills its figure.
        if (1..=info.ages).any(|age| deck_len(info, age) != usize::from(info.layout)) {
            return Err(not(
                "an Age deck, less the cards set aside and with the guilds drawn, does not fill its figure",
            ));
        }
        let ages = (0..=info.ages)
            .map(|age| {
                let mut deck = Vec::new();
                for (i, c) in info.cards.iter().enumerate() {
                    if c.age == age {
                        let copies = c.copies.iter().filter(|&&m| m <= 2).count();
                        deck.extend(std::iter::repeat_n(CardId(i as u16), copies));
                    }
                }
                let guilds = info
                    .guilds
                    .filter(|r| r.age == age)
                    .map(|rule| {
                        (0..info.cards.len())
                            .filter(|&i| is_drawn(info, i, age, rule.colour))
                            .map(|i| CardId(i as u16))
                            .collect()
                    })
                    .unwrap_or_default();
                AgeCards { deck, guilds }
            })
            .collect();
        let wonder_costs = info
            .wonders
            .iter()
            .map(|w| w.sides.first()?.stages.first().map(|s| &s.cost))
            .collect();
        Ok(Duel {
            info,
            vocab,
            cats,
            conflict,
            yellow,
            shapes,
            ages,
            wonder_costs,
        })
    }

    pub fn card_name(&self, c: CardId) -> &'static str {
        crate::engine::vocab::card_name(self.info, c)
    }

    pub fn wonder_name(&self, w: u8) -> &'static str {
        crate::engine::vocab::wonder_name(self.info, w)
    }

    pub fn token_name(&self, t: u8) -> &'static str {
        crate::engine::vocab::token_name(self.info, t)
    }

    /// The cost of wonder `w` (its first side's first stage).
    pub fn wonder_cost(&self, w: u8) -> Option<&'static Cost> {
        self.wonder_costs.get(usize::from(w)).copied().flatten()
    }

    /// Whether `card` is free for `city` by a chain ("Construcción gratuita
    /// condicionada (en cadena)").
    pub fn chained(&self, city: &City, card: CardId) -> bool {
        city.chained(&self.vocab, card)
    }

    /// What one unit of each resource costs `seat` at the bank.
    pub fn prices(&self, cities: &[City], seat: usize) -> [u32; MAX_RES] {
        trade::prices(
            &cities[seat],
            &cities[seat_at(seat, 1, cities.len())],
            self.info.resources.len(),
        )
    }

    /// Resources `city` may leave unpaid when building a wonder (`wonder`)
    /// or a card of `colour`.
    pub fn discount_of(city: &City, wonder: bool, colour: Colour) -> u8 {
        trade::discount(city, wonder, colour)
    }

    /// Coins spent buying the resources of `cost` that `city` lacks.
    pub fn trade_cost(city: &City, cost: &Cost, prices: &[u32; MAX_RES], off: u8) -> u32 {
        trade::trade_cost(city, cost, prices, off)
    }

    /// Every legal card move of the player to act, into `out` (trade costs
    /// recomputed).
    pub fn moves(&self, table: &Table, out: &mut Vec<Move>) {
        self.moves_cached(table, &mut TradeCache::default(), out);
    }

    /// [`Duel::moves`] with trade costs kept in `cache` while the market of
    /// the player to act is unchanged ([`Table::market`]).
    pub fn moves_cached(&self, table: &Table, cache: &mut TradeCache, out: &mut Vec<Move>) {
        out.clear();
        let seat = table.current;
        let city = &table.cities[seat];
        let coins = city.coins.max(0) as u32;
        let version = table.market[seat];
        cache.fit(self.info.cards.len(), self.info.wonders.len());
        // Made once per market version: a new one makes every entry stale.
        let prices = cache.prices(seat, version, || self.prices(&table.cities, seat));
        let trade = |entry: &mut (u32, u16), cost: &Cost, off: u8| -> u32 {
            if entry.0 != version {
                let t = trade::trade_cost(city, cost, &prices, off);
                *entry = (version, t.min(u32::from(u16::MAX)) as u16);
            }
            u32::from(entry.1)
        };
        let can_wonder = table.wonders_built() < MAX_WONDERS;
        // Wonder prices do not depend on the card used: the wonders within
        // reach, made once and offered with every card.
        let mut wonder_moves = [(0u8, 0u16, 0u16); 8];
        let mut nwonders = 0;
        if can_wonder {
            let off = trade::discount(city, true, Colour(0));
            for &w in table.wonders[seat].iter().take(8) {
                if let Some(cost) = self.wonder_cost(w) {
                    let t = trade(cache.wonder(seat, usize::from(w)), cost, off);
                    if u32::from(cost.coins) + t <= coins {
                        wonder_moves[nwonders] = (w, cost.coins, t as u16);
                        nwonders += 1;
                    }
                }
            }
        }
        let wonder_moves = &wonder_moves[..nwonders];
        let mut slots = table.layout.accessible_set();
        out.reserve(slots.count_ones() as usize * (2 + nwonders));
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let card = table.layout.cards[slot];
            let s = slot as u8;
            let mv = |action| Move::Card {
                slot: s,
                card,
                action,
            };
            if let Some(info) = self.info.cards.get(usize::from(card.0))
                && !city.has_name(self.vocab.name_class(card))
            {
                if self.chained(city, card) {
                    out.push(mv(Action::Chain));
                } else {
                    let off = trade::discount(city, false, info.colour);
                    let t = trade(cache.card(seat, usize::from(card.0)), &info.cost, off);
                    if u32::from(info.cost.coins) + t <= coins {
                        out.push(mv(Action::Build {
                            coins: info.cost.coins,
                            trade: t as u16,
                        }));
                    }
                }
            }
            out.push(mv(Action::Discard));
            out.extend(wonder_moves.iter().map(|&(wonder, coins, trade)| {
                mv(Action::Wonder {
                    wonder,
                    coins,
                    trade,
                })
            }));
        }
    }

    /// A move in words.
    pub fn describe_move(&self, mv: &Move) -> String {
        match *mv {
            Move::Card { card, action, .. } => {
                let name = self.card_name(card);
                match action {
                    Action::Build { coins, trade } if coins + trade > 0 => {
                        format!(
                            "build {name} ({})",
                            crate::text::plural(coins + trade, "coin")
                        )
                    }
                    Action::Build { .. } => format!("build {name}"),
                    Action::Chain => format!("build {name} by chain"),
                    Action::Discard => format!("discard {name}"),
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => {
                        let w = self.wonder_name(wonder);
                        if coins + trade > 0 {
                            format!(
                                "build {w} with {name} ({})",
                                crate::text::plural(coins + trade, "coin")
                            )
                        } else {
                            format!("build {w} with {name}")
                        }
                    }
                }
            }
            Move::Pick(w) => format!("wonder {}", self.wonder_name(w)),
            Move::Token(t) => format!("progress {}", self.token_name(t)),
            Move::Discard(c) => format!("discard {} of the opponent", self.card_name(c)),
            Move::Revive(c) => format!("build {} from the discard pile", self.card_name(c)),
            Move::Start(true) => "start the next Age".to_string(),
            Move::Start(false) => "let the opponent start the next Age".to_string(),
        }
    }

    /// Runs `source`'s effects for `Event::Built` if it listens, then every
    /// other source of the city listening to `follow` (the generated code
    /// filters on colour and chain). The source is already the city's.
    fn run(&self, st: &mut State, seat: usize, source: Source, follow: Option<Event>) {
        let t = &mut st.table;
        let me = &t.cities[seat];
        let follows = match follow {
            Some(Event::BuiltCard { .. }) => me.listening & Listens::BUILT_CARD != 0,
            Some(Event::BuiltStage) => me.listening & Listens::BUILT_STAGE != 0,
            _ => false,
        };
        if !follows && !listens(self.info, source).has(Listens::BUILT) {
            return;
        }
        // The other city as effects see it: `CityHost` reads other cities
        // only through `City::count`, so a copy of what that reads serves,
        // and the acting city is borrowed in place rather than moved out.
        let other = 1 - seat;
        let before = MarketKey::of(me);
        let (real, seen) = (&t.cities[other], &mut st.shadow[other]);
        seen.colour_count = real.colour_count;
        seen.stages = real.stages;
        seen.defeats = real.defeats;
        seen.victories = real.victories;
        seen.coins = real.coins;
        seen.progress = real.progress;
        let mut h = CityHost::new(&mut t.cities[seat], &st.shadow, seat, !st.rebuild);
        run_built(&self.vocab, &mut h, source, follow.filter(|_| follows));
        let (mine, theirs) = before.moved(MarketKey::of(&t.cities[seat]));
        if mine {
            t.market[seat] = t.market[seat].wrapping_add(1);
        }
        if theirs {
            t.market[other] = t.market[other].wrapping_add(1);
        }
    }

    /// Final scores of both cities as they are ("Victoria civil"): points of
    /// cards, wonders and tokens (their game-end effects), the conflict
    /// track's zone, 1 per 3 coins.
    pub fn score(&self, table: &Table) -> [Score; 2] {
        let mut out = [Score::default(), Score::default()];
        for (seat, o) in out.iter_mut().enumerate() {
            let me = &table.cities[seat];
            let mut h = ScoreHost::new(me, &table.cities, seat);
            if me.listening & Listens::GAME_END != 0 {
                run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
            }
            let mut points = h.vp;
            let cat = |c: Category| usize::from(c.0) % MAX_CAT;
            points[cat(self.cats.military)] += table.track.zone_vp(&self.conflict, seat);
            points[cat(self.cats.treasury)] += h.coins.max(0) / COINS_PER_VP;
            let ncat = self.info.categories.len().min(MAX_CAT);
            o.points = points;
            o.total = points[..ncat].iter().sum();
            o.coins = me.coins;
        }
        out
    }

    /// "Victoria civil": the military points of the zone the pawn is in, for
    /// the player it advanced for.
    pub fn military_vp(&self, pawn: i32, seat: usize) -> i32 {
        Track { pawn, looted: 0 }.zone_vp(&self.conflict, seat)
    }

    /// Winners of a civilian victory: the best total, then the most civilian
    /// (blue) points; both if still tied.
    pub fn civilian_winners(&self, scores: &[Score]) -> Vec<usize> {
        let civ = usize::from(self.cats.civilian.0) % MAX_CAT;
        crate::game::best_seats(scores.iter().map(|s| (s.total, s.points[civ])))
    }

    /// The result as the table stands (civilian scoring unless a supremacy
    /// ended the game).
    pub fn result(&self, table: &Table) -> Outcome {
        let scores = self.score(table);
        let (victory, winners) = match table.ended {
            Some((v, Some(w))) => (v, vec![w]),
            _ => (Victory::Civilian, self.civilian_winners(&scores)),
        };
        Outcome {
            scores: scores.to_vec(),
            winners,
            victory: victory.name(),
        }
    }

    /// "Un mazo por Era" and "Preparar las cartas": the Age's deck less the
    /// cards returned unseen, plus the drawn guilds, shuffled and laid out.
    pub fn start_age(&self, st: &mut State, age: u8) {
        let info = self.info;
        let t = &mut st.table;
        t.age = age;
        let cards = self.ages.get(usize::from(age));
        let mut deck: Vec<CardId> = cards.map_or_else(Vec::new, |a| a.deck.clone());
        st.rng.shuffle(&mut deck);
        let aside = usize::from(info.set_aside).min(deck.len());
        t.boxed.extend(deck.drain(..aside));
        if let Some(rule) = info.guilds.filter(|r| r.age == age) {
            let mut pool: Vec<CardId> = cards.map_or_else(Vec::new, |a| a.guilds.clone());
            st.rng.shuffle(&mut pool);
            let take = usize::from(rule.drawn(2)).min(pool.len());
            deck.extend_from_slice(&pool[..take]);
            t.boxed.extend_from_slice(&pool[take..]);
            st.rng.shuffle(&mut deck);
        }
        let shape = self.shapes[usize::from(age.max(1) - 1) % self.shapes.len()];
        let mut layout = Layout {
            shape,
            ..Layout::default()
        };
        let n = usize::from(shape.len).min(deck.len());
        layout.cards[..n].copy_from_slice(&deck[..n]);
        layout.present = shape.all();
        layout.open = layout.compute_open();
        layout.up = shape.face_up | layout.open;
        t.layout = layout;
        t.dealt.extend_from_slice(&deck[..n]);
        st.phase = Phase::Play;
    }

    /// The seat whose pick `pick` of draft round `round` is ("Fase de
    /// selección de Maravillas": 1-2-1 from the first player in round 1,
    /// from the second in round 2).
    fn drafter(round: u8, pick: u8) -> usize {
        let first = usize::from(round % 2);
        match pick {
            0 | 3 => first,
            _ => 1 - first,
        }
    }

    /// Reveals the next 4 wonders of the draft (or ends it).
    fn draft_round(&self, st: &mut State, round: u8) {
        let t = &mut st.table;
        if usize::from(round) >= 2 || t.draft_deck.is_empty() {
            t.boxed_wonders.append(&mut t.draft_deck);
            self.start_age(st, 1);
            return;
        }
        let k = WONDERS_EACH.min(t.draft_deck.len());
        t.draft.clear();
        t.draft.extend(t.draft_deck.drain(..k));
        st.phase = Phase::Draft { round, pick: 0 };
        self.draft_auto(st);
    }

    /// The last wonder of a round goes without asking.
    fn draft_auto(&self, st: &mut State) {
        if let Phase::Draft { round, pick } = st.phase
            && st.table.draft.len() == 1
        {
            let w = st.table.draft.remove(0);
            st.table.wonders[Self::drafter(round, pick)].push(w);
            self.draft_round(st, round + 1);
        }
    }

    /// A card joins `seat`'s city, as built ("Construir una Estructura",
    /// chains, free builds).
    fn build_card(&self, st: &mut State, seat: usize, card: CardId, chained: bool) {
        st.table.cities[seat].place(&self.vocab, card);
        let colour = self
            .info
            .cards
            .get(usize::from(card.0))
            .map_or(Colour(0), |c| c.colour);
        self.run(
            st,
            seat,
            Source::Card(card),
            Some(Event::BuiltCard { colour, chained }),
        );
    }

    /// "Construir una Maravilla", and "7 Maravillas ¡Ni una más!": the 7th
    /// built returns the last unbuilt one to the box.
    fn build_wonder(&self, st: &mut State, seat: usize, wonder: u8, card: Option<CardId>) {
        let t = &mut st.table;
        if let Some(i) = t.wonders[seat].iter().position(|&w| w == wonder) {
            t.wonders[seat].remove(i);
        }
        t.built[seat].push(wonder);
        t.stage_cards[seat].extend(card);
        let city = &mut t.cities[seat];
        city.stages = city.stages.saturating_add(1);
        city.gain_source(self.info, stage_source(wonder));
        if t.wonders_built() >= MAX_WONDERS {
            for s in 0..2 {
                let left = std::mem::take(&mut t.wonders[s]);
                t.boxed_wonders.extend(left);
            }
        }
        self.run(st, seat, stage_source(wonder), Some(Event::BuiltStage));
    }

    fn take_token(&self, st: &mut State, seat: usize, token: u8) {
        let t = &mut st.table;
        t.tokens[seat].push(token);
        let city = &mut t.cities[seat];
        city.progress = city.progress.saturating_add(1);
        city.gain_source(self.info, Source::Progress(token));
        self.run(st, seat, Source::Progress(token), None);
    }

    /// A card leaves the city for the discard pile: its production goes.
    fn unbuild(&self, st: &mut State, seat: usize, card: CardId) {
        let t = &mut st.table;
        if t.cities[seat].remove(&self.vocab, card) {
            t.market[0] = t.market[0].wrapping_add(1);
            t.market[1] = t.market[1].wrapping_add(1);
            t.discard.push(card);
        }
    }

    /// Pays a cost: its coins to the bank, the trade to the bank or to an
    /// opponent holding "receive the coins … pay for trading" ("Economía").
    fn pay(&self, st: &mut State, seat: usize, coins: u16, trade: u16) {
        let t = &mut st.table;
        t.cities[seat].coins -= i32::from(coins) + i32::from(trade);
        if trade > 0 {
            let other = 1 - seat;
            let gets = t.cities[other]
                .abilities
                .trade_receivers
                .iter()
                .any(|s| s.0.iter().any(|&off| seat_at(other, off, 2) == seat));
            if gets {
                t.cities[other].coins += i32::from(trade);
            }
        }
    }

    /// After a build, and after each choice it set off: what the effects
    /// left to the turn structure, the conflict pawn, pairs of science
    /// symbols, supremacies; then the turn passes. Stops at a choice.
    fn carry_on(&self, st: &mut State, seat: usize) {
        loop {
            let pending = {
                let p = &mut st.table.cities[seat].abilities.pending;
                (!p.is_empty()).then(|| p.remove(0))
            };
            if let Some(p) = pending {
                if self.pending(st, seat, p) {
                    return;
                }
                continue;
            }
            let city = &mut st.table.cities[seat];
            if city.abilities.discard_builds > 0 {
                // "El Mausoleo": a discarded card of the player's choice.
                city.abilities.discard_builds -= 1;
                let has = st
                    .table
                    .discard
                    .iter()
                    .any(|&c| !st.table.cities[seat].has_name(self.vocab.name_class(c)));
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Revive,
                    };
                    return;
                }
                continue;
            }
            // "El ejército": the pawn follows the shields; a capital wins.
            let t = &mut st.table;
            if let Some(winner) = t.track.advance(&self.conflict, &mut t.cities) {
                t.ended = Some((Victory::Military, Some(winner)));
                st.phase = Phase::Over;
                return;
            }
            // "Ciencia y progreso": each pair of equal symbols gives a token.
            if let Some(asks) = self.pair(st, seat) {
                if asks {
                    return;
                }
                continue;
            }
            break;
        }
        if self.science_supremacy(&st.table.cities[seat]) {
            st.table.ended = Some((Victory::Science, Some(seat)));
            st.phase = Phase::Over;
            return;
        }
        self.end_turn(st, seat);
    }

    /// "Supremacía científica": `city` holds 6 different symbols.
    pub fn science_supremacy(&self, city: &City) -> bool {
        let nsym = self.info.symbols.len().min(MAX_SYM);
        let (held, _) = science::held_and_pairs(&city.science, nsym);
        held.count_ones() >= SCIENCE_SUPREMACY
    }

    /// Carries out one pending effect; true if it asks for a choice.
    fn pending(&self, st: &mut State, seat: usize, p: Pending) -> bool {
        match p {
            Pending::LoseCoins(n, seats) => {
                // "Tu oponente pierde 3 monedas, que se devuelven al banco."
                for &off in seats.0 {
                    let c = &mut st.table.cities[seat_at(seat, off, 2)];
                    c.coins -= (n.min(i32::MAX as u32) as i32).min(c.coins.max(0));
                }
                false
            }
            Pending::Discard(colours, seats) => {
                // "Coloca en el mazo de descarte una carta gris … a tu
                // elección que haya construido tu oponente." Each city
                // named is a choice of its own, in order.
                let (first, rest) = match seats.0.split_first() {
                    Some(x) => x,
                    None => return false,
                };
                if !rest.is_empty() {
                    let rest: &'static [i8] = rest;
                    st.table.cities[seat]
                        .abilities
                        .pending
                        .insert(0, Pending::Discard(colours, sevenw_host::Seats(rest)));
                }
                let victim = seat_at(seat, *first, 2);
                let has = st.table.cities[victim].cards.iter().any(|&c| {
                    self.info
                        .cards
                        .get(usize::from(c.0))
                        .is_some_and(|i| colours.contains(i.colour))
                });
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Discard { victim, colours },
                    };
                }
                has
            }
            Pending::TakeProgress(0) => {
                let has = !st.table.board_tokens.is_empty();
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Token { drawn: false },
                    };
                }
                has
            }
            Pending::TakeProgress(n) => {
                // "La Gran Biblioteca": draw 3 of those set aside at the
                // start, keep one, return the others to the box.
                let t = &mut st.table;
                st.rng.shuffle(&mut t.aside_tokens);
                let k = usize::from(n).min(t.aside_tokens.len());
                t.drawn_tokens = t.aside_tokens.drain(..k).collect();
                let has = k > 0;
                if has {
                    st.phase = Phase::Choose {
                        seat,
                        choice: Choice::Token { drawn: true },
                    };
                }
                has
            }
            // Duel's vocabulary allows none of these (no conflict tokens,
            // no drafted hand, no entombing): the compiler refuses them.
            Pending::TakeVictory(_)
            | Pending::LoseTokens(..)
            | Pending::Entomb(_)
            | Pending::Draw(..)
            | Pending::BuildFromHand(_)
            | Pending::TakePawn(_) => false,
            // Architects' effects: Duel's vocabulary allows none of them.
            Pending::TakeCard(..) | Pending::TakeCat | Pending::Flip(_) => false,
        }
    }

    /// The first new pair of equal symbols: `Some(true)` if it asks for a
    /// token of the board, `Some(false)` if the board is empty, `None` if
    /// there is no new pair.
    fn pair(&self, st: &mut State, seat: usize) -> Option<bool> {
        let nsym = self.info.symbols.len().min(MAX_SYM);
        let (_, pairs) = science::held_and_pairs(&st.table.cities[seat].science, nsym);
        // The first symbol held twice that has not given a token yet.
        let new = pairs & !st.table.paired[seat];
        if new == 0 {
            return None;
        }
        st.table.paired[seat] |= new & new.wrapping_neg();
        let asks = !st.table.board_tokens.is_empty();
        if asks {
            st.phase = Phase::Choose {
                seat,
                choice: Choice::Token { drawn: false },
            };
        }
        Some(asks)
    }

    /// "Algunas Maravillas te permiten volver a jugar" — lost when the
    /// figure is empty; then "Fin de una Era".
    fn end_turn(&self, st: &mut State, seat: usize) {
        let t = &mut st.table;
        let again = std::mem::take(&mut t.cities[seat].abilities.extra_turns) > 0;
        if !again || t.layout.is_empty() {
            t.current = 1 - seat;
        }
        if !t.layout.is_empty() {
            st.phase = Phase::Play;
            return;
        }
        if t.age >= self.info.ages {
            st.phase = Phase::Over;
            return;
        }
        // "Fin de una Era": the player with less military power (the pawn
        // on their side) chooses who starts; centred, the last to act.
        for c in &mut t.cities {
            c.abilities.extra_turns = 0;
        }
        let chooser = match t.track.pawn {
            p if p > 0 => 1,
            p if p < 0 => 0,
            _ => t.last,
        };
        st.phase = Phase::Starter { chooser };
    }

    /// Scenario helper: `card` joins `seat`'s city as if built (its effects
    /// and followers run; what they leave pending is not carried out).
    pub fn give_card(&self, st: &mut State, seat: usize, card: CardId) {
        self.build_card(st, seat, card, false);
    }

    /// Scenario helper: `seat` has built wonder `wonder` (without a card
    /// under it); its effects run, what they leave pending is not carried out.
    pub fn give_wonder(&self, st: &mut State, seat: usize, wonder: u8) {
        let t = &mut st.table;
        for s in 0..2 {
            t.wonders[s].retain(|&w| w != wonder);
        }
        t.boxed_wonders.retain(|&w| w != wonder);
        t.draft.retain(|&w| w != wonder);
        t.draft_deck.retain(|&w| w != wonder);
        self.build_wonder(st, seat, wonder, None);
    }

    /// Scenario helper: `seat` holds progress token `token` (its effects run).
    pub fn give_token(&self, st: &mut State, seat: usize, token: u8) {
        st.table.board_tokens.retain(|&t| t != token);
        st.table.aside_tokens.retain(|&t| t != token);
        self.take_token(st, seat, token);
    }

    /// Scenario helper: replaces the figure with these cards in one open
    /// row, all accessible, and makes it the player to act's turn. The cards
    /// it replaces go back to the box unseen.
    pub fn lay_out(&self, st: &mut State, cards: &[CardId]) {
        let old = st.table.layout;
        for card in old.remaining() {
            if let Some(i) = st.table.dealt.iter().rposition(|&c| c == card) {
                st.table.dealt.remove(i);
                st.table.boxed.push(card);
            }
        }
        let n = cards.len().min(MAX_LAYOUT);
        let mut shape = Shape::new(&[]);
        shape.len = n as u8;
        shape.face_up = shape.all();
        let mut layout = Layout {
            shape,
            ..Layout::default()
        };
        layout.cards[..n].copy_from_slice(&cards[..n]);
        layout.present = shape.all();
        layout.open = shape.all();
        layout.up = shape.all();
        st.table.layout = layout;
        st.table.dealt.extend_from_slice(&cards[..n]);
        if st.table.age == 0 {
            st.table.age = 1;
        }
        st.phase = Phase::Play;
    }

    /// A state fit for previews: what `seat` cannot see is gone (face-down
    /// cards become unknown, tokens set aside and the future wonders of the
    /// draft are out, the random stream is a fixed one).
    /// Made in `m` (any state of this game: overwritten, its buffers
    /// reused).
    fn masked_into(&self, st: &State, seat: usize, m: &mut State) {
        m.clone_from(st);
        let t = &mut m.table;
        for i in 0..MAX_LAYOUT {
            if t.layout.up & (1 << i) == 0 {
                t.layout.cards[i] = UNKNOWN;
            }
        }
        t.aside_tokens.clear();
        t.draft_deck.clear();
        t.boxed.clear();
        t.dealt.clear();
        let other = 1 - seat.min(1);
        t.stage_cards[other].clear();
        m.rng = Rng::new(0);
    }
}

/// A card not seen.
pub const UNKNOWN: CardId = CardId(u16::MAX);

fn stage_source(w: u8) -> Source {
    Source::Stage {
        wonder: w,
        side: 0,
        stage: 0,
    }
}

impl Game for Duel {
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

    /// "Preparación": the pawn centred, the military tokens, 5 progress
    /// tokens on the board and the rest aside, the starting coins; then the
    /// wonder draft (or the wonders given, and Age I laid out).
    fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let mut st = State::blank();
        self.start_into(setup, &mut st)?;
        Ok(st)
    }

    fn start_into(&self, setup: &Setup, st: &mut State) -> Result<(), SetupError> {
        let info = self.info;
        if let Some(n) = setup.players
            && n != 2
        {
            return Err(SetupError::option(
                "players",
                format!("{} is for 2 players, not {n}", info.title),
            ));
        }
        if setup.sides != Sides::Random {
            return Err(SetupError::option(
                "sides",
                format!("{} wonders have one side", info.title),
            ));
        }
        let nw = info.wonders.len().min(256);
        let given = match &setup.wonders {
            Some(w) => {
                let mut all: Vec<u8> = w.iter().map(|&(x, _)| x).collect();
                if w.len() != 2 * WONDERS_EACH {
                    return Err(SetupError::option(
                        "wonders",
                        format!(
                            "{} given; Duel needs {} (the first player's {} first)",
                            crate::text::plural(w.len() as i64, "wonder"),
                            2 * WONDERS_EACH,
                            WONDERS_EACH
                        ),
                    ));
                }
                if w.iter()
                    .any(|&(x, s)| s != 0 || self.wonder_cost(x).is_none())
                {
                    return Err(SetupError::option("wonders", "no such wonder"));
                }
                all.sort_unstable();
                all.dedup();
                if all.len() != 2 * WONDERS_EACH {
                    return Err(SetupError::option("wonders", "a wonder is given twice"));
                }
                Some(all)
            }
            None => None,
        };
        let State {
            table,
            phase,
            rng,
            cache,
            shadow,
            rebuild,
        } = st;
        table.reset(i32::from(info.start_coins));
        *phase = Phase::Play;
        *rng = Rng::new(derive(setup.seed, 2));
        cache.clone_from(&TradeCache::default());
        for city in shadow {
            city.clone_from(&City::default());
        }
        *rebuild = false;
        let t = &mut st.table;
        t.board_tokens
            .extend((0..info.progress.len().min(256) as u16).map(|k| k as u8));
        st.rng.shuffle(&mut t.board_tokens);
        let on_board = BOARD_TOKENS.min(t.board_tokens.len());
        t.aside_tokens
            .extend_from_slice(&t.board_tokens[on_board..]);
        t.board_tokens.truncate(on_board);
        match (given, &setup.wonders) {
            (Some(all), Some(w)) => {
                for (seat, chosen) in w.chunks(WONDERS_EACH).take(2).enumerate() {
                    t.wonders[seat].extend(chosen.iter().map(|&(x, _)| x));
                }
                t.boxed_wonders
                    .extend((0..nw as u16).map(|x| x as u8).filter(|x| !all.contains(x)));
                self.start_age(st, 1);
            }
            _ => {
                let mut deal = Rng::new(derive(st.rng.next_u64(), 1));
                t.draft_deck.extend((0..nw as u16).map(|x| x as u8));
                deal.shuffle(&mut t.draft_deck);
                self.draft_round(st, 0);
            }
        }
        Ok(())
    }

    fn seats(&self, _state: &State) -> usize {
        2
    }

    fn to_move(&self, st: &State) -> Option<usize> {
        match st.phase {
            Phase::Draft { round, pick } => Some(Self::drafter(round, pick)),
            Phase::Play => Some(st.table.current),
            Phase::Choose { seat, .. } => Some(seat),
            Phase::Starter { chooser } => Some(chooser),
            Phase::Over => None,
        }
    }

    fn legal_moves(&self, st: &mut State, out: &mut Vec<Move>) {
        out.clear();
        let t = &st.table;
        match st.phase {
            Phase::Draft { .. } => out.extend(t.draft.iter().map(|&w| Move::Pick(w))),
            Phase::Play => self.moves_cached(t, &mut st.cache, out),
            Phase::Choose { seat, choice } => match choice {
                Choice::Token { drawn: false } => {
                    out.extend(t.board_tokens.iter().map(|&k| Move::Token(k)))
                }
                Choice::Token { drawn: true } => {
                    out.extend(t.drawn_tokens.iter().map(|&k| Move::Token(k)))
                }
                Choice::Discard { victim, colours } => {
                    out.extend(
                        t.cities[victim]
                            .cards
                            .iter()
                            .filter(|&&c| {
                                self.info
                                    .cards
                                    .get(usize::from(c.0))
                                    .is_some_and(|i| colours.contains(i.colour))
                            })
                            .map(|&c| Move::Discard(c)),
                    );
                }
                Choice::Revive => {
                    let options = t.cities[seat].unbuilt(&self.vocab, &t.discard);
                    out.extend(options.into_iter().map(Move::Revive));
                }
            },
            Phase::Starter { .. } => out.extend([Move::Start(true), Move::Start(false)]),
            Phase::Over => {}
        }
    }

    fn apply(&self, st: &mut State, mv: &Move) {
        match (st.phase, *mv) {
            (Phase::Draft { round, pick }, Move::Pick(w)) => {
                let t = &mut st.table;
                if let Some(i) = t.draft.iter().position(|&x| x == w) {
                    t.draft.remove(i);
                    t.wonders[Self::drafter(round, pick)].push(w);
                    st.phase = Phase::Draft {
                        round,
                        pick: pick + 1,
                    };
                    if t.draft.is_empty() {
                        self.draft_round(st, round + 1);
                    } else {
                        self.draft_auto(st);
                    }
                }
            }
            (Phase::Play, Move::Card { slot, card, action }) => {
                let seat = st.table.current;
                let t = &mut st.table;
                t.turns += 1;
                t.last = seat;
                t.layout.take(usize::from(slot));
                match action {
                    Action::Build { coins, trade } => {
                        self.pay(st, seat, coins, trade);
                        self.build_card(st, seat, card, false);
                    }
                    Action::Chain => self.build_card(st, seat, card, true),
                    Action::Discard => {
                        // "Descartar para conseguir monedas".
                        let t = &mut st.table;
                        let yellow =
                            t.cities[seat].colour_count[usize::from(self.yellow.0) % MAX_CAT];
                        t.cities[seat].coins += DISCARD_COINS + i32::from(yellow);
                        t.discard.push(card);
                    }
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => {
                        self.pay(st, seat, coins, trade);
                        self.build_wonder(st, seat, wonder, Some(card));
                    }
                }
                self.carry_on(st, seat);
            }
            (Phase::Choose { seat, choice }, mv) => {
                st.phase = Phase::Play;
                match (choice, mv) {
                    (Choice::Token { drawn }, Move::Token(k)) => {
                        let t = &mut st.table;
                        if drawn {
                            // The others go back to the box.
                            t.drawn_tokens.clear();
                        } else {
                            t.board_tokens.retain(|&x| x != k);
                        }
                        self.take_token(st, seat, k);
                    }
                    (Choice::Discard { victim, .. }, Move::Discard(c)) => {
                        self.unbuild(st, victim, c);
                    }
                    (Choice::Revive, Move::Revive(c)) => {
                        if let Some(p) = st.table.discard.iter().position(|&x| x == c) {
                            st.table.discard.remove(p);
                            self.build_card(st, seat, c, false);
                        }
                    }
                    _ => {}
                }
                self.carry_on(st, seat);
            }
            (Phase::Starter { chooser }, Move::Start(me)) => {
                st.table.current = if me { chooser } else { 1 - chooser };
                let next = st.table.age + 1;
                self.start_age(st, next);
            }
            _ => {}
        }
    }

    fn outcome(&self, st: &State) -> Outcome {
        self.result(&st.table)
    }

    fn view<'a>(&'a self, state: &'a State, seat: usize) -> View<'a> {
        View {
            duel: self,
            state,
            seat: seat.min(1),
        }
    }

    fn describe(&self, mv: &Move) -> String {
        self.describe_move(mv)
    }

    fn greedy(&self, view: &View<'_>, moves: &[Move]) -> usize {
        greedy::choose(view, moves)
    }

    fn victories(&self) -> &'static [&'static str] {
        &VICTORIES
    }

    fn tags(&self, st: &State, seat: usize, out: &mut Vec<&'static str>) {
        for &w in st.table.built.get(seat).map_or(&[][..], |b| &b[..]) {
            out.push(self.wonder_name(w));
        }
    }

    /// Hidden from `seat`: the face-down cards of the layout, the cards
    /// under the opponent's wonders, the box (set aside, guilds not drawn),
    /// the tokens set aside (and those drawn for the opponent's choice),
    /// the wonders the draft has not revealed, and the random stream (the
    /// Ages to come). Cards are dealt again by Age, the box keeping as many
    /// guilds as it holds.
    fn determinize_into(&self, st: &State, seat: usize, rng: &mut Rng, d: &mut State) {
        d.clone_from(st);
        let info = self.info;
        let t = &mut d.table;
        let age = |c: CardId| info.cards.get(usize::from(c.0)).map_or(0, |x| x.age);
        let guild = |c: CardId| {
            info.cards.get(usize::from(c.0)).is_some_and(|x| {
                x.copies.is_empty() && info.guilds.is_some_and(|r| r.colour == x.colour)
            })
        };
        let down: Vec<usize> = (0..MAX_LAYOUT)
            .filter(|&i| t.layout.present & !t.layout.up & (1 << i) != 0)
            .collect();
        let mut laid: Vec<CardId> = down.iter().map(|&i| t.layout.cards[i]).collect();
        let other = 1 - seat.min(1);
        {
            let [a, b] = &mut t.stage_cards;
            let theirs = if other == 0 { a } else { b };
            let mut slots: Vec<&mut [CardId]> = vec![&mut t.boxed, &mut laid, theirs];
            redeal(&mut slots, |c| (age(c), guild(c)), rng);
            slots.remove(0);
            redeal(&mut slots, age, rng);
        }
        for (&i, &c) in down.iter().zip(&laid) {
            t.layout.cards[i] = c;
        }
        let own_draw = matches!(
            d.phase,
            Phase::Choose { seat: s, choice: Choice::Token { drawn: true } } if s == seat
        );
        {
            let mut slots: Vec<&mut [u8]> = vec![&mut t.aside_tokens];
            if !own_draw {
                slots.push(&mut t.drawn_tokens);
            }
            redeal(&mut slots, |_| (), rng);
            let mut deck: Vec<&mut [u8]> = vec![&mut t.draft_deck];
            redeal(&mut deck, |_| (), rng);
        }
        t.dealt.clear();
        d.rng = Rng::new(rng.next_u64());
    }

    fn built<'s>(&self, st: &'s State, seat: usize) -> &'s [CardId] {
        st.table.cities.get(seat).map_or(&[], |c| &c.cards[..])
    }

    /// The wonders built and the progress tokens held.
    fn played_with(&self, st: &State, seat: usize, out: &mut Vec<(&'static str, String)>) {
        let s = seat.min(1);
        for &w in &st.table.built[s] {
            out.push(("wonder", self.wonder_name(w).to_string()));
        }
        for &k in &st.table.tokens[s] {
            out.push(("progress", self.token_name(k).to_string()));
        }
    }
}

/// What one seat may see: both cities, the wonders (to build, built, in the
/// draft), the progress tokens on the board and held, the conflict track,
/// the discard pile (which "los jugadores pueden consultar … en cualquier
/// momento"), the cards under its own wonders, and the layout with its
/// face-down cards as "a card is here". The tokens set aside (but those
/// drawn for its own choice), the wonders the draft has not revealed, the
/// cards returned to the box and the cards under the opponent's wonders
/// are not in it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    duel: &'a Duel,
    state: &'a State,
    seat: usize,
}

impl<'a> View<'a> {
    pub fn rules(&self) -> &'a Duel {
        self.duel
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn age(&self) -> u8 {
        self.state.table.age
    }
    pub fn phase(&self) -> Phase {
        self.state.phase
    }
    pub fn current(&self) -> usize {
        self.state.table.current
    }
    pub fn city(&self) -> &'a City {
        &self.state.table.cities[self.seat]
    }
    pub fn opponent(&self) -> &'a City {
        &self.state.table.cities[1 - self.seat]
    }
    pub fn cities(&self) -> &'a [City] {
        &self.state.table.cities
    }
    /// The wonders `seat` may still build.
    pub fn wonders(&self, seat: usize) -> &'a [u8] {
        &self.state.table.wonders[seat.min(1)]
    }
    /// The wonders `seat` has built.
    pub fn built(&self, seat: usize) -> &'a [u8] {
        &self.state.table.built[seat.min(1)]
    }
    pub fn draft(&self) -> &'a [u8] {
        &self.state.table.draft
    }
    pub fn board_tokens(&self) -> &'a [u8] {
        &self.state.table.board_tokens
    }
    /// The tokens `seat` holds.
    pub fn tokens(&self, seat: usize) -> &'a [u8] {
        &self.state.table.tokens[seat.min(1)]
    }
    /// The tokens drawn for this seat's choice.
    pub fn drawn_tokens(&self) -> &'a [u8] {
        match self.state.phase {
            Phase::Choose { seat, .. } if seat == self.seat => &self.state.table.drawn_tokens,
            _ => &[],
        }
    }
    pub fn track(&self) -> Track {
        self.state.table.track
    }
    pub fn discard(&self) -> &'a [CardId] {
        &self.state.table.discard
    }
    pub fn stage_cards(&self) -> &'a [CardId] {
        &self.state.table.stage_cards[self.seat]
    }
    /// Slots still holding a card, as a bit set.
    pub fn present(&self) -> u32 {
        self.state.table.layout.present
    }
    /// Accessible slots, as a bit set.
    pub fn accessible(&self) -> u32 {
        self.state.table.layout.open
    }
    /// The card at `slot` if it is there and face up.
    pub fn card_at(&self, slot: usize) -> Option<CardId> {
        let l = &self.state.table.layout;
        (slot < MAX_LAYOUT && l.present & l.up & (1 << slot) != 0).then(|| l.cards[slot])
    }
    /// The shape of the current figure.
    pub fn shape(&self) -> &'a Shape {
        &self.state.table.layout.shape
    }
    /// A state for previews: only what this seat sees (see
    /// [`Duel::masked_into`]), made in `m` (overwritten, its buffers reused).
    fn masked_into(&self, m: &mut State) {
        self.duel.masked_into(self.state, self.seat, m);
    }
}

impl PartialEq for View<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.seat == o.seat
            && self.age() == o.age()
            && self.phase() == o.phase()
            && self.current() == o.current()
            && self.cities() == o.cities()
            && (0..2).all(|s| {
                self.wonders(s) == o.wonders(s)
                    && self.built(s) == o.built(s)
                    && self.tokens(s) == o.tokens(s)
            })
            && self.draft() == o.draft()
            && self.board_tokens() == o.board_tokens()
            && self.drawn_tokens() == o.drawn_tokens()
            && self.track() == o.track()
            && self.discard() == o.discard()
            && self.stage_cards() == o.stage_cards()
            && self.present() == o.present()
            && self.accessible() == o.accessible()
            && self.shape() == o.shape()
            && (0..MAX_LAYOUT).all(|i| self.card_at(i) == o.card_at(i))
    }
}

impl fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout: Vec<Option<CardId>> = (0..usize::from(self.shape().len))
            .map(|i| self.card_at(i))
            .collect();
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("age", &self.age())
            .field("phase", &self.phase())
            .field("current", &self.current())
            .field("cities", &self.cities())
            .field("wonders", &[self.wonders(0), self.wonders(1)])
            .field("built", &[self.built(0), self.built(1)])
            .field("draft", &self.draft())
            .field("board_tokens", &self.board_tokens())
            .field("tokens", &[self.tokens(0), self.tokens(1)])
            .field("drawn_tokens", &self.drawn_tokens())
            .field("track", &self.track())
            .field("discard", &self.discard())
            .field("stage_cards", &self.stage_cards())
            .field("layout", &layout)
            .field("present", &self.present())
            .finish()
    }
}

/// Whether card `i` is drawn by the draw rule of `colour` in `age`.
fn is_drawn(info: &GameInfo, i: usize, age: u8, colour: Colour) -> bool {
    let c = &info.cards[i];
    c.age == age && c.copies.is_empty() && c.colour == colour
}

/// Cards laid out in `age`: the deck for two less those set aside, plus the
/// drawn guilds.
pub fn deck_len(info: &GameInfo, age: u8) -> usize {
    let fixed: usize = info
        .cards
        .iter()
        .filter(|c| c.age == age)
        .map(|c| c.copies.iter().filter(|&&m| m <= 2).count())
        .sum();
    let fixed = fixed.saturating_sub(usize::from(info.set_aside));
    let drawn = match info.guilds {
        Some(rule) if rule.age == age => {
            let pool = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, age, rule.colour))
                .count();
            usize::from(rule.drawn(2)).min(pool)
        }
        _ => 0,
    };
    fixed + drawn
}
