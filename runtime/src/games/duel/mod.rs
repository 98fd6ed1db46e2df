//! 7 Wonders Duel's turn structure: two players, the wonder draft, Ages laid
//! out as pyramids of face-up and face-down cards, alternating turns, the
//! conflict track with its looting tokens, progress tokens won by pairs of
//! science symbols, the two supremacies and civilian victory.
//!
//! Rule references quote the Spanish rulebook of 7 Wonders Duel by its
//! section titles ("Preparación", "Construir en 7 Wonders Duel", "Victoria
//! civil", …).
//!
//! Like the base game, this folder names no card, wonder or token: costs,
//! chains, production, prices, shields, science and every power come from
//! the game's tables and its generated effects. What the effects ask of the
//! turn structure arrives as [`Pending`] entries (an opponent losing coins,
//! discarding an opponent's card, taking a progress token, playing again:
//! [`Position::again`]) and abilities (`discard_builds`, a wonder's and
//! then a card's, `discounts`,
//! `trade_receivers`),
//! carried out here. A choice they set off (which token, which card) is a
//! decision of its own: the turn is resumed once it is made.
//!
//! Seats: seat 0 is the first player of Age I (and the first to pick in the
//! wonder draft). The conflict pawn's position is positive toward seat 1's
//! capital.
//!
//! The folder:
//!
//! - this file: the rules' types ([`Duel`], [`Move`], [`Phase`], [`State`]),
//!   the rules bound to a card set, and [`Game`] for them;
//! - `position`: the position ([`Position`]);
//! - `layout`: the Ages' pyramids and which cards are accessible;
//! - `boards`: an expansion's boards of spaces, filled by colour, whose
//!   card a turn may take for the space's price;
//! - `actions`: the fixed action space (each decision's number);
//! - `moves`: bank prices, trade costs and every legal move (`trade`: the
//!   cache of unit prices and trade costs per market version);
//! - `turn`: the Ages dealt, the wonder draft, carrying out a turn, its
//!   effects, the supremacies;
//! - `decision`: what a player decides ([`Action`], [`Move`], [`Choice`],
//!   [`Phase`]);
//! - `choices`: the decisions effects ask in a turn (a token, a card or a
//!   wonder of the opponent's, a card of the discard pile, of the figure or
//!   of the supply, a military token, the track's blocker, an option),
//!   their moves and what choosing does;
//! - `senate`, `schemes`: an expansion's chambers of influence cubes
//!   with their decrees, and its hidden cards held, prepared and
//!   triggered later;
//! - `score`: civilian scoring and the result; `statistics`: what the
//!   balance report counts;
//! - `view`: what one seat sees, and the masked state of previews;
//! - `observe`: what one seat sees as a flat vector of numbers;
//! - `show`: what one seat sees as a JSON document, for a table;
//! - `greedy`, `invariants`, `narrate`, `sheet`, `scenario`: the greedy
//!   bot's judgement, the soak checks, the narration, city sheets and
//!   scenarios.

mod actions;
mod boards;
mod choices;
mod decision;
mod greedy;
mod invariants;
pub mod layout;
mod moves;
mod narrate;
mod observe;
mod placing;
mod position;
pub mod scenario;
mod scenario_boards;
mod schemes;
mod score;
mod senate;
pub mod sheet;
mod show;
mod statistics;
pub mod trade;
mod turn;
mod view;

pub use decision::{Action, Choice, Move, Phase};
pub use position::Position;
pub use schemes::{Schemes, SchemesSeen};
pub use senate::{Chambers, MAX_CHAMBERS, SENATE_PASS};
pub use turn::deck_len;
use turn::is_drawn;
pub use view::View;

use crate::engine::clone_reusing;

use sevenw_host::{CardId, Category, Colour, ConflictInfo, Cost, GameInfo, Source};

use crate::engine::city::{City, MAX_COLOURS};
use crate::engine::draws::DrawPool;
use crate::engine::rng::{Rng, derive};
use crate::engine::vocab::{Vocab, VocabError};
use crate::game::{Game, Outcome, Setup, SetupError, Sides, redeal};
use crate::soak::Invariants;

pub use layout::{Layout, MAX_LAYOUT, Shape};
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
pub struct Categories {
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
    pub categories: Categories,
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
    /// Per card, by id, what move generation reads of it at every
    /// decision, made once: kept together rather than read from the card
    /// table and the vocabulary's lists one by one.
    fast: Vec<FastCard>,
    /// The most options a card, wonder or token offers (`one of`; 0: no
    /// choice anywhere): the `choose option` actions of the action space.
    pub options: u8,
    /// The kinds of token a city may give up on taking a card of a board,
    /// each taking its coins off the price (`board_discount`, Pantheon's
    /// Offering tokens), in the tables' order: `(kind, coins)`, the bits of
    /// [`Move::Board`]'s `spend`.
    offerings: Vec<(usize, u16)>,
    /// Per choice of offerings to give up (a [`Move::Board`]'s `spend`,
    /// every one of them): the coins they take off together, and the
    /// fewest one of them takes off.
    spends: Vec<(u16, u16)>,
    /// The kinds of token that are coins held apart from the treasury
    /// (`as_coins`, Pantheon's Astarte): spent once the treasury runs out.
    hoards: Vec<usize>,
    /// Per kind of token, the board it lays cards on (`places:`), where
    /// that board is in play (`placing.rs`).
    laid_on: Vec<Option<usize>>,
    /// Per card, by id, whether it is one the boards take ([`Duel::boarded`]).
    boarded: Vec<bool>,
    /// Per space of the boards, numbered together: the Ages it is open in
    /// (bit `a` for Age `a`) and its price to each player.
    space_facts: Vec<(u8, [u8; 2])>,
    /// The Ages some board is open in (bit `a` for Age `a`).
    board_ages: u8,
    /// What the effects of the card sets ask that plain Duel's do not
    /// (`turn::asks`): each such decision is a phase of the observation.
    asks: choices::Asks,
    /// Whether a turn may offer moves besides the cards' (boards or
    /// schemes in play).
    extras: bool,
    /// Whether a source hears what either player builds (`when any
    /// player builds …`): the other city may then be left effects to
    /// carry out in a turn ([`Duel::carry_on`]).
    hears_all: bool,
    /// The card lying on each military token of the track, by the
    /// token's index (an expansion's `military_tokens:`, as Agora's,
    /// duel-expansions-facts.md §2.9): its effects are the mover's when
    /// the pawn reaches it. Empty: the tokens only loot coins.
    military: Vec<CardId>,
}

/// What [`Duel::moves_cached`] reads of a card (see [`Duel::fast`]).
#[derive(Clone, Copy, Debug)]
struct FastCard {
    /// Its name class ([`Vocab::name_class`]).
    name: u16,
    colour: Colour,
    /// Whether a chain can make it free (it has a chain mask).
    chains: bool,
    /// Whether its cost names resources (a trade can be needed).
    resources: bool,
    /// Whether its coins grow with the Age or the city (`Cost::varies`).
    varies: bool,
    cost: &'static Cost,
}

/// What [`Duel::start_age`] shuffles for one Age, before any shuffle.
#[derive(Clone, Debug, Default)]
struct AgeCards {
    deck: Vec<CardId>,
    guilds: Vec<CardId>,
    /// An expansion's draws (`draws:`): how many, from which cards.
    draws: Vec<(usize, DrawPool)>,
}

/// How the game ended ("Fin de la partida y victoria").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Victory {
    Civilian,
    Military,
    Science,
    /// Every chamber of the senate controlled (`senate:` with
    /// `supremacy`, Agora).
    Political,
}

/// The ways a Duel is won, by name.
const VICTORIES: [&str; 4] = [
    Victory::Civilian.name(),
    Victory::Military.name(),
    Victory::Science.name(),
    Victory::Political.name(),
];

impl Victory {
    pub const fn name(self) -> &'static str {
        match self {
            Victory::Civilian => "civilian",
            Victory::Military => "military",
            Victory::Science => "science",
            Victory::Political => "political",
        }
    }
}

/// A Duel game in progress.
#[derive(Debug)]
pub struct State {
    pub table: Position,
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
            table: Position::default(),
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
        let asks = choices::asks(info, &vocab);
        let categories = Categories {
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
        if info.figures.len() != usize::from(info.ages) {
            return Err(not("it has no figure for each Age"));
        }
        let yellow = vocab.colour("yellow")?;
        let shapes: Vec<Shape> = info.figures.iter().map(|f| Shape::new(f)).collect();
        if shapes.iter().any(|s| s.len > info.layout) {
            return Err(not("a figure lays out more than the layout's cards"));
        }
        // "Preparar las cartas": every Age deck fills its figure; a deck an
        // expansion grew is cut back to it (`Duel::start_age`).
        let short = |age: u8| deck_len(info, age) < usize::from(shapes[usize::from(age) - 1].len);
        if (1..=info.ages).any(short) {
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
                let draws = DrawPool::of(info)
                    .into_iter()
                    .filter(|p| p.rule.age == age)
                    .map(|p| (usize::from(p.rule.drawn(2)).min(p.most()), p))
                    .collect();
                AgeCards {
                    deck,
                    guilds,
                    draws,
                }
            })
            .collect();
        let wonder_costs = info
            .wonders
            .iter()
            .map(|w| w.sides.first()?.stages.first().map(|s| &s.cost))
            .collect();
        let fast = info
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let id = CardId(i as u16);
                FastCard {
                    name: vocab.name_class(id),
                    colour: c.colour,
                    chains: City::may_chain(&vocab, id),
                    resources: !c.cost.resources.is_empty(),
                    varies: c.cost.varies(),
                    cost: &c.cost,
                }
            })
            .collect();
        let mut duel = Duel {
            info,
            vocab,
            categories,
            conflict,
            yellow,
            shapes,
            ages,
            wonder_costs,
            fast,
            options: crate::engine::vocab::most_options(info),
            offerings: (info.tokens.iter().enumerate())
                .filter(|(_, t)| t.board_discount > 0)
                .map(|(k, t)| (k, u16::from(t.board_discount)))
                .take(crate::engine::city::MAX_BOARD_DISCOUNTS)
                .collect(),
            hoards: (info.tokens.iter().enumerate())
                .filter(|(_, t)| t.as_coins)
                .map(|(k, _)| k)
                .collect(),
            laid_on: (info.tokens.iter())
                .map(|t| {
                    let p = t.places?;
                    (info.boards.iter()).position(|b| b.name.eq_ignore_ascii_case(p.board))
                })
                .collect(),
            boarded: Vec::new(),
            spends: Vec::new(),
            space_facts: (info.boards.iter())
                .flat_map(|b| {
                    let open = b
                        .open
                        .iter()
                        .fold(0u8, |m, &a| m | 1u8.checked_shl(a.into()).unwrap_or(0));
                    b.spaces.iter().map(move |&price| (open, price))
                })
                .collect(),
            board_ages: 0,
            asks,
            extras: !info.boards.is_empty() || info.schemes.is_some(),
            hears_all: false,
            military: Vec::new(),
        };
        if let Some(m) = info.military {
            duel.military = (info.cards.iter().enumerate())
                .filter(|(_, c)| c.age == 0 && c.colour == m.colour)
                .map(|(i, _)| CardId(i as u16))
                .collect();
            if duel.military.len() != conflict.tokens.len() {
                return Err(not(
                    "the military tokens' cards are not one per square of the track's tokens",
                ));
            }
        }
        duel.hears_all = crate::engine::vocab::any_listens(
            info,
            sevenw_host::Listens::ANY_BUILT_CARD | sevenw_host::Listens::ANY_BUILT_STAGE,
        );
        duel.spends = (0..1usize << duel.offerings.len())
            .map(|spend| {
                let given = (duel.offerings.iter().enumerate())
                    .filter(|&(b, _)| spend >> b & 1 != 0)
                    .map(|(_, &(_, coins))| coins);
                (given.clone().sum(), given.min().unwrap_or(0))
            })
            .collect();
        duel.board_ages = duel.space_facts.iter().fold(0, |m, &(open, _)| m | open);
        duel.boarded = (0..info.cards.len())
            .map(|i| duel.boards_take(CardId(i as u16)))
            .collect();
        Ok(duel)
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

    /// Whether `card` is free by a chain for the city at `seat`
    /// ("Construcción gratuita condicionada (en cadena)"): its own, or the
    /// opponent's where a source lets it use theirs (Agora's Decree 15,
    /// duel-expansions-facts.md §2.8; BGA's tokens' chains too).
    pub fn chained(&self, cities: &[City], seat: usize, card: CardId) -> bool {
        match (cities.get(seat), cities.get(1 - seat.min(1))) {
            (Some(city), Some(opp)) => self.chained_by(city, opp, card),
            _ => false,
        }
    }

    /// [`Duel::chained`] of `city`, whose opponent is `opp`.
    #[inline(always)]
    pub(super) fn chained_by(&self, city: &City, opp: &City, card: CardId) -> bool {
        city.chained(&self.vocab, card)
            || (city.abilities.chain_from > 0 && opp.chained(&self.vocab, card))
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

impl Invariants for Duel {
    fn invariants(&self, state: &State) -> Result<(), crate::game::Broken> {
        self.check(state)
    }
}

impl Game for Duel {
    type State = State;
    type Move = Move;
    type View<'a> = View<'a>;

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
        self.stock_boards(t);
        self.lay_decrees(t, &mut st.rng);
        self.deal_schemes(t, &mut st.rng);
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
                    t.drafted[seat].extend(chosen.iter().map(|&(x, _)| x));
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
            Phase::Play => {
                self.moves_cached(t, &mut st.cache, out);
                self.board_moves(t, out);
                if self.info.schemes.is_some() {
                    self.scheme_moves(t, out);
                }
            }
            Phase::Choose { seat, choice } => self.choice_moves(t, seat, choice, out),
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
                    t.drafted[Self::drafter(round, pick)].push(w);
                    st.phase = Phase::Draft {
                        round,
                        pick: pick + 1,
                    };
                    self.on_drafted(&mut st.table, Self::drafter(round, pick), w);
                    if st.table.draft.is_empty() {
                        self.draft_round(st, round + 1);
                    } else {
                        self.draft_auto(st);
                    }
                    if !st.table.drafted_effects.is_empty() {
                        self.next_drafted(st);
                    }
                }
            }
            (Phase::Play, Move::Card { slot, card, action }) => {
                let seat = st.table.current;
                let t = &mut st.table;
                t.turns += 1;
                t.last = seat;
                let up_before = t.layout.up;
                t.layout.take(usize::from(slot));
                if t.layout.marked() != 0 {
                    self.lift_tokens(st, seat, usize::from(slot), up_before);
                }
                match action {
                    Action::Build { coins, trade } => {
                        self.pay(st, seat, coins, trade);
                        if let Some(info) = self.info.cards.get(usize::from(card.0)) {
                            st.table.cities[seat].pay_tokens(self.info, info.cost.tokens);
                        }
                        self.build_card(st, seat, card, false);
                    }
                    Action::Chain => self.build_card(st, seat, card, true),
                    Action::Discard => {
                        // "Descartar para conseguir monedas".
                        let t = &mut st.table;
                        let yellow =
                            t.cities[seat].colour_count[usize::from(self.yellow.0) % MAX_COLOURS];
                        t.cities[seat].coins += DISCARD_COINS + i32::from(yellow);
                        t.discard.push(card);
                        let bit = sevenw_host::Listens::DISCARDED;
                        if t.cities[seat].listening & bit != 0 {
                            self.tell(st, seat, sevenw_host::Event::Discarded, bit);
                        }
                    }
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => {
                        self.pay(st, seat, coins, trade);
                        if let Some(cost) = self.wonder_cost(wonder) {
                            st.table.cities[seat].pay_tokens(self.info, cost.tokens);
                        }
                        self.build_wonder(st, seat, wonder, Some(card));
                    }
                    Action::Prepare => self.prepare(st, seat, card),
                }
                self.carry_on(st, seat);
            }
            // A prepared scheme revealed at the start of the turn.
            (Phase::Play, Move::Scheme(scheme)) => {
                let seat = st.table.current;
                self.trigger(st, seat, scheme, true);
                self.carry_on(st, seat);
            }
            (
                Phase::Play,
                Move::Board {
                    space,
                    card,
                    coins,
                    spend,
                },
            ) => {
                let seat = st.table.current;
                let at = usize::from(space);
                if self.take_from_board(st, seat, at, card, coins, spend) {
                    st.table.turns += 1;
                    st.table.last = seat;
                    self.carry_on(st, seat);
                }
            }
            (Phase::Choose { seat, choice }, mv) => self.choose(st, seat, choice, mv),
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

    /// A card of the layout first, drawn uniformly among those accessible,
    /// then one of its moves as [`Game::playout_weight`] weighs them, by
    /// rejection sampling ([`Duel::playout_card`]): only the action drawn
    /// is priced.
    fn playout_move(&self, st: &mut State, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<Move> {
        let open = st.table.layout.accessible_set();
        if !matches!(st.phase, Phase::Play)
            || open == 0
            || self.board_offers(&st.table)
            || (self.info.schemes.is_some() && self.schemes_held(&st.table))
        {
            return crate::game::weighted_move(self, st, rng, buf);
        }
        let slot = moves::nth_slot(open, rng.below(open.count_ones() as usize));
        let weight = crate::mcts::PLAYOUT_WEIGHT;
        match self.playout_card(&st.table, &mut st.cache, slot, rng, weight) {
            Some(mv) => Some(mv),
            None => crate::game::weighted_move(self, st, rng, buf),
        }
    }

    /// A card move drawn without a list ([`Duel::uniform_card_move`]) while
    /// cards are played, the boards' few moves listed (in `buf`) and drawn
    /// with them; the listed moves otherwise.
    fn uniform_move(&self, st: &mut State, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<Move> {
        if matches!(st.phase, Phase::Play) {
            buf.clear();
            // One test for plain Duel: moves besides the cards' only
            // where the card sets lay boards or hold schemes.
            if self.extras {
                if !st.table.spaces.is_empty() {
                    self.board_moves(&st.table, buf);
                }
                if self.info.schemes.is_some() {
                    self.scheme_moves(&st.table, buf);
                }
            }
            if let Some(mv) = self.uniform_card_move(&st.table, &mut st.cache, rng, buf) {
                return Some(mv);
            }
        }
        crate::game::uniform_listed(self, st, rng, buf)
    }

    /// A search bot's playouts build (a structure or a wonder stage) rather
    /// than discard (`mcts.rs`, [`crate::mcts::PLAYOUT_WEIGHT`]).
    fn playout_weight(&self, mv: &Move) -> u32 {
        match mv {
            Move::Card {
                action: Action::Discard,
                ..
            } => 1,
            _ => crate::mcts::PLAYOUT_WEIGHT,
        }
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

    /// `4C + C·W + W + T + 2 + O + B` for `C` cards, `W` wonders, `T`
    /// progress tokens, `O` options and `B` board takes (`C` with boards,
    /// else 0; the ranges: `actions.rs`, `runtime/FORMATS.md`).
    fn num_actions(&self) -> u32 {
        self.action_count()
    }

    /// By card and kind of action, not by layout slot; a build's coins and
    /// trade, and whether it is chained, are not part of the number.
    fn encode(&self, mv: &Move) -> u32 {
        self.action_of(mv)
    }

    fn action_words(&self, action: u32) -> Option<String> {
        self.action_move(action).map(|m| self.describe_move(&m))
    }

    /// Hidden from `seat`: the face-down cards of the layout, the cards
    /// under the opponent's wonders, the box (set aside, guilds not drawn),
    /// the tokens set aside (and those drawn for the opponent's choice),
    /// the wonders the draft has not revealed, the boards' cards the
    /// opponent laid face down or drew for its choice (dealt anew with the
    /// supply, by colour), and the random stream (the Ages to come). Cards
    /// are dealt again by Age, the box keeping as many guilds as it holds.
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
        // The cards set aside, unless the seat is looking at them.
        let looking = d.phase.looks_aside(Some(seat));
        {
            let [a, b] = &mut t.stage_cards;
            let theirs = if other == 0 { a } else { b };
            let mut slots: Vec<&mut [CardId]> = vec![&mut t.boxed, &mut laid, theirs];
            if !looking {
                slots.push(&mut t.aside_cards);
            }
            redeal(&mut slots, |c| (age(c), guild(c)), rng);
            slots.remove(0);
            redeal(&mut slots, age, rng);
        }
        for (&i, &c) in down.iter().zip(&laid) {
            t.layout.cards[i] = c;
        }
        let own_draw = matches!(
            d.phase,
            Phase::Choose { seat: s, choice: Choice::Token { drawn: true } | Choice::Void } if s == seat
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
        if !d.table.spaces.is_empty() {
            self.redeal_unseen(d, seat, Some(rng));
        }
        if d.table.decrees_down != 0 {
            self.redeal_decrees(&mut d.table, Some(rng));
        }
        if self.schemes_colour().is_some() {
            self.redeal_schemes(&mut d.table, seat, d.phase, Some(rng));
        }
        d.rng = Rng::new(rng.next_u64());
    }
}
