//! 7 Wonders Duel's turn structure: two players, the wonder draft, Ages laid
//! out as pyramids of face-up and face-down cards, alternating turns, the
//! conflict track with its looting tokens, progress tokens won by pairs of
//! science symbols, the two supremacies and civilian victory.
//!
//! Rule references are to the Spanish rulebook
//! (`shared/rules/004_3b8f7cc44396d954.txt`), by its section titles.
//!
//! Like [`crate::base`], this module names no card, wonder or token: costs,
//! chains, production, prices, shields, science and every power come from the
//! game's tables and its generated effects, run through [`CityHost`] and
//! [`ScoreHost`]. What the effects ask of the turn structure arrives as
//! [`Pending`] entries (an opponent losing coins, discarding an opponent's
//! card, taking a progress token) and abilities (`extra_turns`,
//! `discard_builds`, `discounts`, `trade_receivers`), carried out here.
//!
//! Seats: seat 0 is the first player of Age I (and the first to pick in the
//! wonder draft). The conflict pawn's position is positive toward seat 1's
//! capital.

use std::fmt;

use sevenw_host::{
    CardId, Category, Colour, ColourSet, ConflictInfo, Cost, Discount, Event, GameInfo, Listens,
    Source,
};

use crate::host::{CityHost, ScoreHost};
use crate::payment::{Choice, MAX_RES};
use crate::rng::Rng;
use crate::science::MAX_SYM;
use crate::state::{City, MAX_CAT, NO_PRICE, Pending, seat_at};
use crate::vocab::{NameSet, Vocab, VocabError, listens};

/// "Cada jugador coge 7 monedas del banco" comes from `start_coins`; these
/// are the rulebook's other numbers.
///
/// "Preparación" 4: five progress tokens on the board.
pub const BOARD_TOKENS: usize = 5;
/// "Fase de selección de Maravillas": 4 wonders per player, drafted 4 at a time.
pub const WONDERS_EACH: usize = 4;
/// "7 Maravillas ¡Ni una más!".
pub const MAX_WONDERS: u8 = 7;
/// "Comercio": COSTE = 2 + the opponent's brown and grey production.
pub const BASE_PRICE: u32 = 2;
/// "Descartar para conseguir monedas": 2 coins + 1 per yellow card.
pub const DISCARD_COINS: i32 = 2;
/// "Supremacía científica": 6 different symbols.
pub const SCIENCE_SUPREMACY: u32 = 6;
/// "Victoria civil": 1 point per full set of 3 coins.
pub const COINS_PER_VP: i32 = 3;

/// One row of an Age's figure: `count` cards at half-card positions
/// `first, first + step, …`; a card at `p` covers the cards of the row above
/// at `p − 1` and `p + 1` (and `p`).
#[derive(Clone, Copy, Debug)]
struct Row {
    count: u8,
    first: u8,
    step: u8,
    face_up: bool,
}

const fn row(count: u8, first: u8, step: u8, face_up: bool) -> Row {
    Row {
        count,
        first,
        step,
        face_up,
    }
}

/// "Colocación de las cartas según la Era" (the rulebook's last page): the
/// three figures, rows from the top (the farthest from the players), face-up
/// and face-down rows alternating, the top row face up.
/// Age I: 2, 3, 4, 5, 6 — a pyramid opening toward the players.
const AGE_I: &[Row] = &[
    row(2, 4, 2, true),
    row(3, 3, 2, false),
    row(4, 2, 2, true),
    row(5, 1, 2, false),
    row(6, 0, 2, true),
];
/// Age II: 6, 5, 4, 3, 2 — the pyramid upside down.
const AGE_II: &[Row] = &[
    row(6, 0, 2, true),
    row(5, 1, 2, false),
    row(4, 2, 2, true),
    row(3, 3, 2, false),
    row(2, 4, 2, true),
];
/// Age III: 2, 3, 4, 2, 4, 3, 2 — the middle row of 2 sits under the outer
/// pairs of the row of 4 above it.
const AGE_III: &[Row] = &[
    row(2, 4, 2, true),
    row(3, 3, 2, false),
    row(4, 2, 2, true),
    row(2, 3, 4, false),
    row(4, 2, 2, true),
    row(3, 3, 2, false),
    row(2, 4, 2, true),
];
const FIGURES: [&[Row]; 3] = [AGE_I, AGE_II, AGE_III];

/// Most cards in a figure (bit sets are 32 bits wide).
pub const MAX_LAYOUT: usize = 32;

/// An Age's figure: for every slot, the slots that cover it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub len: u8,
    /// `cover[i]`: the slots of the next row down overlapping slot `i`.
    pub cover: [u32; MAX_LAYOUT],
    /// `covers[j]`: the slots of the row above that slot `j` overlaps.
    pub covers: [u32; MAX_LAYOUT],
    /// Slots laid face up.
    pub face_up: u32,
    /// Row of each slot (0 = top).
    pub row: [u8; MAX_LAYOUT],
}

impl Shape {
    fn new(rows: &[Row]) -> Shape {
        let mut s = Shape {
            len: 0,
            cover: [0; MAX_LAYOUT],
            covers: [0; MAX_LAYOUT],
            face_up: 0,
            row: [0; MAX_LAYOUT],
        };
        let mut pos = [(0u8, 0u8); MAX_LAYOUT]; // (row, position)
        let mut n = 0;
        for (r, rw) in rows.iter().enumerate() {
            for k in 0..rw.count {
                if n < MAX_LAYOUT {
                    pos[n] = (r as u8, rw.first + k * rw.step);
                    s.row[n] = r as u8;
                    if rw.face_up {
                        s.face_up |= 1 << n;
                    }
                    n += 1;
                }
            }
        }
        s.len = n as u8;
        for i in 0..n {
            for j in 0..n {
                let ((ri, pi), (rj, pj)) = (pos[i], pos[j]);
                if rj == ri + 1 && pi.abs_diff(pj) <= 1 {
                    s.cover[i] |= 1 << j;
                    s.covers[j] |= 1 << i;
                }
            }
        }
        s
    }

    fn all(&self) -> u32 {
        if self.len >= 32 {
            u32::MAX
        } else {
            (1u32 << self.len) - 1
        }
    }
}

/// The cards of the current Age as laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub shape: Shape,
    pub cards: [CardId; MAX_LAYOUT],
    /// Slots still holding their card.
    pub present: u32,
    /// Slots whose card is face up.
    pub up: u32,
    /// Accessible slots (kept up to date by [`Layout::take`]).
    pub open: u32,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            shape: Shape::new(&[]),
            cards: [CardId(0); MAX_LAYOUT],
            present: 0,
            up: 0,
            open: 0,
        }
    }
}

impl Layout {
    /// "Una carta accesible es aquella que no está parcialmente cubierta por
    /// otras cartas."
    pub fn accessible(&self, slot: usize) -> bool {
        slot < MAX_LAYOUT && self.open & (1 << slot) != 0
    }

    /// The accessible slots, as a bit set.
    pub fn accessible_set(&self) -> u32 {
        self.open
    }

    /// Recomputes the accessible slots from the cards present.
    pub fn compute_open(&self) -> u32 {
        let mut out = 0;
        let mut left = self.present;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            if self.shape.cover[i] & self.present == 0 {
                out |= 1 << i;
            }
        }
        out
    }

    /// Takes the card at `slot`, then turns face up every card that has
    /// become accessible ("Después de jugar tu carta, debes dar la vuelta a
    /// cualquier carta que estuviera escondida y que ahora sea accesible").
    fn take(&mut self, slot: usize) -> CardId {
        let bit = 1u32 << (slot % MAX_LAYOUT);
        self.present &= !bit;
        self.open &= !bit;
        // Only the cards this one covered can have become accessible.
        let mut above = self.shape.covers[slot % MAX_LAYOUT] & self.present;
        while above != 0 {
            let j = above.trailing_zeros() as usize;
            above &= above - 1;
            if self.shape.cover[j] & self.present == 0 {
                self.open |= 1 << j;
            }
        }
        self.up |= self.open;
        self.cards[slot % MAX_LAYOUT]
    }

    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// Cards still laid out, in slot order.
    pub fn remaining(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..usize::from(self.shape.len))
            .filter(|&i| self.present & (1 << i) != 0)
            .map(|i| self.cards[i])
    }
}

/// The scoring categories Duel's rules add to, found once by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelCats {
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
    pub cats: DuelCats,
    pub conflict: ConflictInfo,
    /// The colour whose cards raise the discard income.
    pub yellow: Colour,
    pub shapes: Vec<Shape>,
}

/// Why a Duel game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelError {
    Vocab(VocabError),
    /// The game is not a two-player laid-out game with a conflict track.
    NotDuel(&'static str),
    DeckSize {
        age: u8,
        have: usize,
        want: usize,
    },
    BadWonders,
}

impl fmt::Display for DuelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelError::Vocab(e) => e.fmt(f),
            DuelError::NotDuel(why) => write!(f, "not a Duel-shaped game: {why}"),
            DuelError::DeckSize { age, have, want } => write!(
                f,
                "Age {age} deck has {have} cards after set-aside and draws; its figure needs {want}"
            ),
            DuelError::BadWonders => write!(
                f,
                "chosen wonders must be {WONDERS_EACH} distinct wonders per player"
            ),
        }
    }
}

impl std::error::Error for DuelError {}

impl From<VocabError> for DuelError {
    fn from(e: VocabError) -> Self {
        DuelError::Vocab(e)
    }
}

/// How the game ended ("Fin de la partida y victoria").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Victory {
    Civilian,
    Military,
    Science,
}

impl Victory {
    pub fn name(self) -> &'static str {
        match self {
            Victory::Civilian => "civilian",
            Victory::Military => "military",
            Victory::Science => "science",
        }
    }
}

/// What a player does with the card taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DuelAction {
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

/// A legal move: the card at `slot` of the layout, and what to do with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DuelMove {
    pub slot: u8,
    pub card: CardId,
    pub action: DuelAction,
}

/// The choices besides moves, each among `n` options given by index.
#[derive(Clone, Copy, Debug)]
pub enum Ask<'a> {
    /// Wonder draft: which of these wonders to take.
    Wonder(&'a [u8]),
    /// Which progress token to take.
    Progress(&'a [u8]),
    /// Which of the opponent's cards to put on the discard pile.
    DiscardOpponent(&'a [CardId]),
    /// Which discarded card to build for free.
    FreeBuild(&'a [CardId]),
    /// Who starts the next Age: option 0 is the chooser, 1 the opponent.
    Starter,
}

impl Ask<'_> {
    pub fn len(&self) -> usize {
        match self {
            Ask::Wonder(w) | Ask::Progress(w) => w.len(),
            Ask::DiscardOpponent(c) | Ask::FreeBuild(c) => c.len(),
            Ask::Starter => 2,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Someone who plays a Duel seat. Options are given by index; an index out
/// of range is taken as the last option.
pub trait DuelPlayer {
    /// `moves` is never empty (discarding is always legal).
    fn choose_move(&mut self, view: &DuelView<'_>, moves: &[DuelMove]) -> usize;
    /// Any other decision; `ask` has at least one option.
    fn choose(&mut self, view: &DuelView<'_>, ask: Ask<'_>) -> usize;
}

/// A player's view when asked for a decision.
#[derive(Clone, Copy)]
pub struct DuelView<'a> {
    pub duel: &'a Duel,
    pub table: &'a DuelTable,
    pub seat: usize,
}

impl DuelView<'_> {
    pub fn city(&self) -> &City {
        &self.table.cities[self.seat]
    }
    pub fn opponent(&self) -> &City {
        &self.table.cities[1 - self.seat]
    }
}

/// Everything on the table of a Duel game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DuelTable {
    pub cities: Vec<City>,
    /// Wonders each player still may build.
    pub wonders: [Vec<u8>; 2],
    /// Wonders each player has built, in order.
    pub built: [Vec<u8>; 2],
    /// Wonders returned to the box (not drafted, or left unbuilt when the
    /// 7th was built).
    pub boxed_wonders: Vec<u8>,
    pub layout: Layout,
    pub discard: Vec<CardId>,
    /// Cards returned to the box unseen (set aside, guilds not drawn).
    pub boxed: Vec<CardId>,
    /// Every card laid out so far.
    pub dealt: Vec<CardId>,
    /// Progress tokens on the board, set aside, and held by each player.
    pub board_tokens: Vec<u8>,
    pub aside_tokens: Vec<u8>,
    pub tokens: [Vec<u8>; 2],
    /// Conflict pawn: positive toward seat 1's capital.
    pub pawn: i32,
    /// Military tokens already applied: bit `i` for token `i` on seat 0's
    /// side (looting seat 0), bit `8 + i` on seat 1's side.
    pub looted: u16,
    /// What the sources each seat holds listen to, together (a superset
    /// once a card has left).
    pub listening: [u8; 2],
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

impl DuelTable {
    /// Built wonders in the whole game.
    pub fn wonders_built(&self) -> u8 {
        (self.built[0].len() + self.built[1].len()) as u8
    }
}

/// A player's final score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DuelScore {
    pub points: [i32; MAX_CAT],
    pub total: i32,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelOutcome {
    pub victory: Victory,
    /// The winner, or both seats when the civilian victory is shared.
    pub winners: Vec<usize>,
    pub scores: [DuelScore; 2],
}

/// Follows a game as it is played.
pub trait DuelObserver {
    fn age_started(&mut self, _duel: &Duel, _table: &DuelTable) {}
    fn moved(&mut self, _duel: &Duel, _table: &DuelTable, _seat: usize, _mv: &DuelMove) {}
    fn age_ended(&mut self, _duel: &Duel, _table: &DuelTable) {}
    fn finished(&mut self, _duel: &Duel, _table: &DuelTable, _outcome: &DuelOutcome) {}
}

/// An observer that does nothing.
pub struct NoDuelObserver;
impl DuelObserver for NoDuelObserver {}

/// Undoes a card's production when it leaves a city (a brown or grey card
/// discarded by the opponent's wonder): `produce` subtracts, the rest is
/// ignored.
struct Unbuild<'a> {
    me: &'a mut City,
}

impl sevenw_host::Host for Unbuild<'_> {
    fn count(&self, _w: sevenw_host::Counted, _s: sevenw_host::Seats) -> u32 {
        0
    }
    fn count_most(&self, _w: sevenw_host::Counted, _s: sevenw_host::Seats) -> u32 {
        0
    }
    fn gain_coins(&mut self, _n: i32) {}
    fn gain_vp(&mut self, _c: Category, _n: i32) {}
    fn gain_shields(&mut self, _n: u32) {}
    fn produce(&mut self, options: sevenw_host::ResSet, amount: u8, tradable: bool) {
        fn sub(p: &mut crate::payment::Production, options: sevenw_host::ResSet, amount: u8) {
            if options.len() == 1 {
                let r = options.0.trailing_zeros() as usize;
                p.fixed[r] = p.fixed[r].saturating_sub(amount);
            } else if let Some(i) = p
                .choices
                .iter()
                .position(|c| *c == Choice { options, amount })
            {
                p.choices.remove(i);
            }
        }
        sub(&mut self.me.own, options, amount);
        if tradable {
            sub(&mut self.me.sold, options, amount);
        }
    }
    fn science(&mut self, _o: sevenw_host::SymSet) {}
    fn trade_price(&mut self, _r: sevenw_host::ResSet, _p: u8, _s: sevenw_host::Seats) {}
    fn build_free(&mut self, _f: sevenw_host::Pile, _l: sevenw_host::Limit) {}
    fn play_last_card(&mut self) {}
    fn copy_card(&mut self, _c: ColourSet, _s: sevenw_host::Seats) {}
    fn play_again(&mut self) {}
    fn lose_coins(&mut self, _n: u32, _s: sevenw_host::Seats) {}
    fn discard_card(&mut self, _c: ColourSet, _s: sevenw_host::Seats) {}
    fn take_progress(&mut self, _n: u8) {}
    fn discount(&mut self, _n: u8, _t: Discount) {}
    fn receive_trade_coins(&mut self, _s: sevenw_host::Seats) {}
}

/// Resources still to buy: per entry of the cost, the resource's bit, the
/// units short and the unit price.
#[derive(Clone, Copy)]
struct Short {
    len: usize,
    bit: [u16; MAX_RES],
    n: [u8; MAX_RES],
    price: [u32; MAX_RES],
}

/// The cheapest trade for `short` given own choices and a discount of
/// `off` units: each choice covers its amount of one short resource; the
/// discount drops the dearest units left ("Arquitectura", "Albañilería":
/// "puedes elegir qué recursos no pagas").
fn cheapest_trade(short: &mut Short, choices: &[Choice], off: u8) -> u32 {
    let Some((first, rest)) = choices.split_first() else {
        return leaf_cost(short, off);
    };
    let mut best = u32::MAX;
    let mut used = false;
    for k in 0..short.len {
        if short.n[k] > 0 && first.options.0 & short.bit[k] != 0 {
            used = true;
            let take = first.amount.min(short.n[k]);
            short.n[k] -= take;
            best = best.min(cheapest_trade(short, rest, off));
            short.n[k] += take;
        }
    }
    if !used {
        best = cheapest_trade(short, rest, off);
    }
    best
}

fn leaf_cost(short: &Short, off: u8) -> u32 {
    let len = short.len;
    let mut total = 0;
    for k in 0..len {
        total += u32::from(short.n[k]) * short.price[k];
    }
    if off > 0 && total > 0 {
        let mut n = short.n;
        for _ in 0..off {
            let mut dear = None;
            for (k, &units) in n[..len].iter().enumerate() {
                if units > 0 && dear.is_none_or(|d: usize| short.price[k] > short.price[d]) {
                    dear = Some(k);
                }
            }
            let Some(d) = dear else { break };
            n[d] -= 1;
            total -= short.price[d];
        }
    }
    total
}

impl Duel {
    /// Duel's rules over `info`: two players, laid-out Ages (one figure per
    /// Age), a conflict track, the categories they score.
    pub fn new(info: &'static GameInfo) -> Result<Self, DuelError> {
        let vocab = Vocab::new(info)?;
        let cats = DuelCats {
            military: vocab.category("military")?,
            treasury: vocab.category("treasury")?,
            civilian: vocab.category("civilian")?,
        };
        if info.min_players > 2 || info.max_players < 2 {
            return Err(DuelError::NotDuel("not for two players"));
        }
        let conflict = info
            .conflict
            .ok_or(DuelError::NotDuel("no conflict track"))?;
        if info.layout == 0 {
            return Err(DuelError::NotDuel("Ages are not laid out"));
        }
        if usize::from(info.ages) > FIGURES.len() {
            return Err(DuelError::NotDuel("more Ages than figures"));
        }
        let yellow = info
            .colours
            .iter()
            .position(|c| c.eq_ignore_ascii_case("yellow"))
            .map(|i| Colour(i as u8))
            .ok_or(DuelError::NotDuel("no yellow colour"))?;
        let shapes: Vec<Shape> = FIGURES[..usize::from(info.ages)]
            .iter()
            .map(|rows| Shape::new(rows))
            .collect();
        for (a, s) in shapes.iter().enumerate() {
            if s.len != info.layout {
                return Err(DuelError::DeckSize {
                    age: a as u8 + 1,
                    have: usize::from(info.layout),
                    want: usize::from(s.len),
                });
            }
        }
        Ok(Duel {
            info,
            vocab,
            cats,
            conflict,
            yellow,
            shapes,
        })
    }

    pub fn card_name(&self, c: CardId) -> &'static str {
        crate::vocab::card_name(self.info, c)
    }

    pub fn wonder_name(&self, w: u8) -> &'static str {
        crate::vocab::wonder_name(self.info, w)
    }

    pub fn token_name(&self, t: u8) -> &'static str {
        self.info
            .progress
            .get(usize::from(t))
            .map_or("?", |t| t.name)
    }

    /// The cost of wonder `w` (its first side's first stage).
    pub fn wonder_cost(&self, w: u8) -> Option<&'static Cost> {
        self.info
            .wonders
            .get(usize::from(w))?
            .sides
            .first()?
            .stages
            .first()
            .map(|s| &s.cost)
    }

    /// Whether `card` is free for `city` by a chain ("Construcción gratuita
    /// condicionada (en cadena)").
    pub fn chained(&self, city: &City, card: CardId) -> bool {
        self.vocab
            .chain_mask
            .get(usize::from(card.0))
            .is_some_and(|m| m.intersects(&city.names))
    }

    /// What one unit of each resource costs `seat` at the bank ("Comercio":
    /// 2 + the opponent's brown and grey production of it — the tradable
    /// production, "one of" choices excluded — or the fixed price of a
    /// yellow card).
    pub fn prices(&self, cities: &[City], seat: usize) -> [u32; MAX_RES] {
        let me = &cities[seat];
        let opp = &cities[seat_at(seat, 1, cities.len())];
        let mut p = [0u32; MAX_RES];
        for (r, price) in p.iter_mut().enumerate().take(self.info.resources.len()) {
            let open = BASE_PRICE + u32::from(opp.sold.fixed[r]);
            *price = if me.bank_prices[r] == NO_PRICE {
                open
            } else {
                open.min(u32::from(me.bank_prices[r]))
            };
        }
        p
    }

    /// Resources `city` may leave unpaid when building a wonder (`wonder`)
    /// or a card of `colour`.
    pub fn discount_of(city: &City, wonder: bool, colour: Colour) -> u8 {
        Self::discount_for(city, wonder, colour)
    }

    /// Resources `city` may leave unpaid when building `target`.
    fn discount_for(city: &City, wonder: bool, colour: Colour) -> u8 {
        city.abilities
            .discounts
            .iter()
            .filter(|(_, t)| match t {
                Discount::Wonders => wonder,
                Discount::Colours(c) => !wonder && c.contains(colour),
            })
            .fold(0u8, |a, &(n, _)| a.saturating_add(n))
    }

    /// Coins spent buying the resources of `cost` that `city` lacks, at
    /// `prices`, with `off` resources discounted.
    pub fn trade_cost(city: &City, cost: &Cost, prices: &[u32; MAX_RES], off: u8) -> u32 {
        let mut total = 0;
        for &(r, n) in cost.resources {
            let r = usize::from(r.0) % MAX_RES;
            total += u32::from(n.saturating_sub(city.own.fixed[r])) * prices[r];
        }
        if total == 0 || (off == 0 && city.own.choices.is_empty()) {
            return total;
        }
        let mut short = Short {
            len: 0,
            bit: [0; MAX_RES],
            n: [0; MAX_RES],
            price: [0; MAX_RES],
        };
        for &(r, n) in cost.resources.iter().take(MAX_RES) {
            let r = usize::from(r.0) % MAX_RES;
            let lack = n.saturating_sub(city.own.fixed[r]);
            if lack > 0 {
                let k = short.len;
                short.bit[k] = 1 << r;
                short.n[k] = lack;
                short.price[k] = prices[r];
                short.len += 1;
            }
        }
        cheapest_trade(&mut short, &city.own.choices, off)
    }

    /// Every legal move of the player to act, into `out`.
    pub fn moves(&self, table: &DuelTable, out: &mut Vec<DuelMove>) {
        self.moves_cached(table, &mut TradeCache::default(), out);
    }

    /// [`Duel::moves`] with trade costs kept in `cache` while the market of
    /// the player to act is unchanged ([`DuelTable::market`]).
    pub fn moves_cached(&self, table: &DuelTable, cache: &mut TradeCache, out: &mut Vec<DuelMove>) {
        out.clear();
        let seat = table.current;
        let city = &table.cities[seat];
        let coins = city.coins.max(0) as u32;
        let version = table.market[seat];
        cache.fit(seat, self.info.cards.len(), self.info.wonders.len());
        let mut prices = None;
        let mut trade = |entry: &mut (u32, u16), cost: &Cost, off: u8| -> u32 {
            if entry.0 != version {
                let p = prices.get_or_insert_with(|| self.prices(&table.cities, seat));
                let t = Self::trade_cost(city, cost, p, off);
                *entry = (version, t.min(u32::from(u16::MAX)) as u16);
            }
            u32::from(entry.1)
        };
        let can_wonder = table.wonders_built() < MAX_WONDERS;
        // Wonder prices do not depend on the card used.
        let mut wonder_pay = [None::<(u16, u16)>; 8];
        if can_wonder {
            let off = Self::discount_for(city, true, Colour(0));
            for (i, &w) in table.wonders[seat].iter().enumerate().take(8) {
                if let Some(cost) = self.wonder_cost(w) {
                    let t = trade(&mut cache.wonders[seat][usize::from(w)], cost, off);
                    if u32::from(cost.coins) + t <= coins {
                        wonder_pay[i] = Some((cost.coins, t as u16));
                    }
                }
            }
        }
        let mut slots = table.layout.accessible_set();
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let card = table.layout.cards[slot];
            let s = slot as u8;
            if let Some(info) = self.info.cards.get(usize::from(card.0))
                && !city.has_name(self.vocab.name_class(card))
            {
                if self.chained(city, card) {
                    out.push(DuelMove {
                        slot: s,
                        card,
                        action: DuelAction::Chain,
                    });
                } else {
                    let off = Self::discount_for(city, false, info.colour);
                    let t = trade(&mut cache.cards[seat][usize::from(card.0)], &info.cost, off);
                    if u32::from(info.cost.coins) + t <= coins {
                        out.push(DuelMove {
                            slot: s,
                            card,
                            action: DuelAction::Build {
                                coins: info.cost.coins,
                                trade: t as u16,
                            },
                        });
                    }
                }
            }
            out.push(DuelMove {
                slot: s,
                card,
                action: DuelAction::Discard,
            });
            for (i, &w) in table.wonders[seat].iter().enumerate().take(8) {
                if let Some((coins, trade)) = wonder_pay[i] {
                    out.push(DuelMove {
                        slot: s,
                        card,
                        action: DuelAction::Wonder {
                            wonder: w,
                            coins,
                            trade,
                        },
                    });
                }
            }
        }
    }

    /// A move in words.
    pub fn describe(&self, mv: &DuelMove) -> String {
        let name = self.card_name(mv.card);
        match mv.action {
            DuelAction::Build { coins, trade } if coins + trade > 0 => {
                format!("build {name} ({} coins)", coins + trade)
            }
            DuelAction::Build { .. } => format!("build {name}"),
            DuelAction::Chain => format!("build {name} by chain"),
            DuelAction::Discard => format!("discard {name}"),
            DuelAction::Wonder {
                wonder,
                coins,
                trade,
            } => {
                let w = self.wonder_name(wonder);
                if coins + trade > 0 {
                    format!("build {w} with {name} ({} coins)", coins + trade)
                } else {
                    format!("build {w} with {name}")
                }
            }
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

    /// Runs `source`'s effects for `event` if it listens, then tells every
    /// other source of the city listening to `follow` (the generated code
    /// filters on colour and chain).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        me: &mut City,
        cities: &[City],
        seat: usize,
        wonders: &[u8],
        tokens: &[u8],
        source: Source,
        follow: Option<Event>,
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
        let Some(follow) = follow else { return };
        let bit = match follow {
            Event::BuiltCard { .. } => Listens::BUILT_CARD,
            Event::BuiltStage => Listens::BUILT_STAGE,
            _ => return,
        };
        let each = |s: Source, h: &mut CityHost<'_>| {
            if s != source && listens(self.info, s).has(bit) {
                effects(s, follow, h);
            }
        };
        for &w in wonders {
            each(stage_source(w), &mut h);
        }
        let mut i = 0;
        while i < h.me.cards.len() {
            let c = h.me.cards[i];
            each(Source::Card(c), &mut h);
            i += 1;
        }
        for &t in tokens {
            each(Source::Progress(t), &mut h);
        }
    }

    /// Final scores of both cities as they are ("Victoria civil"): points of
    /// cards, wonders and tokens (their game-end effects), the conflict
    /// track's zone, 1 per 3 coins.
    pub fn score(&self, table: &DuelTable) -> [DuelScore; 2] {
        let mut out = [DuelScore::default(); 2];
        for (seat, o) in out.iter_mut().enumerate() {
            let me = &table.cities[seat];
            let effects = self.info.effects;
            let mut h = ScoreHost::new(me, &table.cities, seat);
            let sources = table.built[seat]
                .iter()
                .map(|&w| stage_source(w))
                .chain(me.cards.iter().map(|&c| Source::Card(c)))
                .chain(table.tokens[seat].iter().map(|&t| Source::Progress(t)));
            for s in sources {
                if listens(self.info, s).has(Listens::GAME_END) {
                    effects(s, Event::GameEnd, &mut h);
                }
            }
            let mut points = h.vp;
            let cat = |c: Category| usize::from(c.0) % MAX_CAT;
            points[cat(self.cats.military)] += self.military_vp(table.pawn, seat);
            points[cat(self.cats.treasury)] += h.coins.max(0) / COINS_PER_VP;
            let ncat = self.info.categories.len().min(MAX_CAT);
            o.points = points;
            o.total = points[..ncat].iter().sum();
        }
        out
    }

    /// "Victoria civil": the military points of the zone the pawn is in, for
    /// the player it advanced for.
    pub fn military_vp(&self, pawn: i32, seat: usize) -> i32 {
        let mine = if seat == 0 { pawn } else { -pawn };
        if mine <= 0 {
            return 0;
        }
        self.conflict
            .zones
            .iter()
            .filter(|&&(from, _)| mine >= i32::from(from))
            .map(|&(_, vp)| i32::from(vp))
            .next_back()
            .unwrap_or(0)
    }

    /// Winners of a civilian victory: the best total, then the most civilian
    /// (blue) points; both if still tied.
    pub fn civilian_winners(&self, scores: &[DuelScore; 2]) -> Vec<usize> {
        let civ = usize::from(self.cats.civilian.0) % MAX_CAT;
        let key = |s: &DuelScore| (s.total, s.points[civ]);
        match key(&scores[0]).cmp(&key(&scores[1])) {
            std::cmp::Ordering::Greater => vec![0],
            std::cmp::Ordering::Less => vec![1],
            std::cmp::Ordering::Equal => vec![0, 1],
        }
    }
}

fn stage_source(w: u8) -> Source {
    Source::Stage {
        wonder: w,
        side: 0,
        stage: 0,
    }
}

/// Trade costs per seat of every card and wonder, each with the
/// [`DuelTable::market`] version it was computed for. Versions are counted
/// per game: a cache serves one game (one table and its successors), never
/// tables of different games.
#[derive(Clone, Debug, Default)]
pub struct TradeCache {
    cards: [Vec<(u32, u16)>; 2],
    wonders: [Vec<(u32, u16)>; 2],
}

impl TradeCache {
    fn fit(&mut self, seat: usize, cards: usize, wonders: usize) {
        if self.cards[seat].len() < cards {
            self.cards[seat].resize(cards, (u32::MAX, 0));
        }
        if self.wonders[seat].len() < wonders {
            self.wonders[seat].resize(wonders, (u32::MAX, 0));
        }
    }
}

/// What a seat's trade costs depend on, in its own city (`own`) and in what
/// it shows the opponent (`sold`).
#[derive(Clone, Copy, PartialEq, Eq)]
struct MarketKey {
    own: [u8; MAX_RES],
    choices: usize,
    bank: [u8; MAX_RES],
    discounts: usize,
    sold: [u8; MAX_RES],
}

impl MarketKey {
    fn of(c: &City) -> Self {
        MarketKey {
            own: c.own.fixed,
            choices: c.own.choices.len(),
            bank: c.bank_prices,
            discounts: c.abilities.discounts.len(),
            sold: c.sold.fixed,
        }
    }
}

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelSetup {
    pub seed: u64,
    /// Wonders given instead of drafted (e.g. the rulebook's first game).
    pub wonders: Option<[Vec<u8>; 2]>,
}

impl DuelSetup {
    pub fn new(seed: u64) -> Self {
        DuelSetup {
            seed,
            wonders: None,
        }
    }
}

/// A Duel game in progress.
pub struct DuelGame<'d> {
    pub duel: &'d Duel,
    pub table: DuelTable,
    rng: Rng,
    moves: Vec<DuelMove>,
    scratch: Vec<CardId>,
    /// What effects read of the other city (see [`DuelGame::run`]).
    shadow: [City; 2],
    cache: TradeCache,
    /// Rebuilding a table from a sheet: coins effects pay are not added.
    pub rebuild: bool,
}

impl<'d> DuelGame<'d> {
    /// "Preparación": the pawn centred, the military tokens, 5 progress
    /// tokens on the board and the rest aside, the starting coins. The
    /// wonders are drafted in [`DuelGame::play`] (or given by `setup`).
    pub fn new(duel: &'d Duel, setup: &DuelSetup) -> Result<Self, DuelError> {
        let info = duel.info;
        let mut rng = Rng::new(crate::rng::derive(setup.seed, 2));
        let coins = i32::from(info.start_coins);
        let mut table = DuelTable {
            cities: vec![City::new(0, 0, coins, 2), City::new(0, 0, coins, 2)],
            ..DuelTable::default()
        };
        let mut tokens: Vec<u8> = (0..info.progress.len() as u8).collect();
        rng.shuffle(&mut tokens);
        let on_board = BOARD_TOKENS.min(tokens.len());
        table.aside_tokens = tokens.split_off(on_board);
        table.board_tokens = tokens;
        if let Some(w) = &setup.wonders {
            let mut all: Vec<u8> = w[0].iter().chain(&w[1]).copied().collect();
            let ok = w.iter().all(|v| v.len() == WONDERS_EACH)
                && all.iter().all(|&x| duel.wonder_cost(x).is_some());
            all.sort_unstable();
            all.dedup();
            if !ok || all.len() != 2 * WONDERS_EACH {
                return Err(DuelError::BadWonders);
            }
            table.wonders = w.clone();
            table.boxed_wonders = (0..info.wonders.len() as u8)
                .filter(|x| !all.contains(x))
                .collect();
        }
        // Check every Age's deck against its figure now.
        for age in 1..=info.ages {
            let have = deck_len(info, age);
            let want = usize::from(info.layout);
            if have != want {
                return Err(DuelError::DeckSize { age, have, want });
            }
        }
        Ok(DuelGame {
            duel,
            table,
            rng,
            moves: Vec::with_capacity(64),
            scratch: Vec::new(),
            shadow: Default::default(),
            cache: TradeCache::default(),
            rebuild: false,
        })
    }

    /// Plays the whole game.
    pub fn play(
        &mut self,
        players: &mut [&mut dyn DuelPlayer; 2],
        obs: &mut dyn DuelObserver,
    ) -> DuelOutcome {
        if self.table.wonders[0].is_empty() {
            self.draft(players);
        }
        let ages = self.duel.info.ages;
        for age in 1..=ages {
            self.start_age(age);
            obs.age_started(self.duel, &self.table);
            while !self.table.layout.is_empty() && self.table.ended.is_none() {
                let mv = self.ask_move(players);
                self.apply(players, &mv);
                obs.moved(self.duel, &self.table, self.table.last, &mv);
            }
            if self.table.ended.is_some() {
                break;
            }
            obs.age_ended(self.duel, &self.table);
            if age < ages {
                self.choose_starter(players);
            }
        }
        let outcome = self.outcome();
        obs.finished(self.duel, &self.table, &outcome);
        outcome
    }

    /// The result as the table stands (civilian scoring unless a supremacy
    /// ended the game).
    pub fn outcome(&self) -> DuelOutcome {
        let scores = self.duel.score(&self.table);
        match self.table.ended {
            Some((v, Some(w))) => DuelOutcome {
                victory: v,
                winners: vec![w],
                scores,
            },
            _ => DuelOutcome {
                victory: Victory::Civilian,
                winners: self.duel.civilian_winners(&scores),
                scores,
            },
        }
    }

    fn ask(&mut self, players: &mut [&mut dyn DuelPlayer; 2], seat: usize, ask: Ask<'_>) -> usize {
        let view = DuelView {
            duel: self.duel,
            table: &self.table,
            seat,
        };
        players[seat].choose(&view, ask).min(ask.len() - 1)
    }

    /// "Fase de selección de Maravillas": 4 wonders face up; the first
    /// player takes 1, the second 2, the first the last; then 4 more with
    /// the second player picking first.
    fn draft(&mut self, players: &mut [&mut dyn DuelPlayer; 2]) {
        let n = self.duel.info.wonders.len() as u8;
        let mut all: Vec<u8> = (0..n).collect();
        let mut deal = Rng::new(crate::rng::derive(self.rng.next_u64(), 1));
        deal.shuffle(&mut all);
        for round in 0..2 {
            let first = round; // seat 0 picks first in round 0, seat 1 in round 1
            let lo = round * WONDERS_EACH;
            let mut open: Vec<u8> = all
                .get(lo..(lo + WONDERS_EACH).min(all.len()))
                .unwrap_or(&[])
                .to_vec();
            for seat in [first, 1 - first, 1 - first, first] {
                if open.is_empty() {
                    break;
                }
                let i = if open.len() == 1 {
                    0
                } else {
                    let o = open.clone();
                    self.ask(players, seat, Ask::Wonder(&o))
                };
                let w = open.remove(i);
                self.table.wonders[seat].push(w);
            }
        }
        self.table.boxed_wonders = all.get(2 * WONDERS_EACH..).unwrap_or(&[]).to_vec();
    }

    /// "Un mazo por Era" and "Preparar las cartas": the Age's deck less the
    /// cards returned unseen, plus the drawn guilds, shuffled and laid out.
    pub fn start_age(&mut self, age: u8) {
        let info = self.duel.info;
        self.table.age = age;
        let mut deck: Vec<CardId> = Vec::with_capacity(32);
        for (i, c) in info.cards.iter().enumerate() {
            if c.age == age && c.copies.iter().any(|&m| m <= 2) {
                let copies = c.copies.iter().filter(|&&m| m <= 2).count();
                deck.extend(std::iter::repeat_n(CardId(i as u16), copies));
            }
        }
        self.rng.shuffle(&mut deck);
        let aside = usize::from(info.set_aside).min(deck.len());
        self.table.boxed.extend(deck.drain(..aside));
        if let Some(rule) = info.guilds.filter(|r| r.age == age) {
            let mut pool: Vec<CardId> = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, age, rule.colour))
                .map(|i| CardId(i as u16))
                .collect();
            self.rng.shuffle(&mut pool);
            let take = usize::from(rule.drawn(2)).min(pool.len());
            deck.extend_from_slice(&pool[..take]);
            self.table.boxed.extend_from_slice(&pool[take..]);
            self.rng.shuffle(&mut deck);
        }
        let shape = self.duel.shapes[usize::from(age - 1) % self.duel.shapes.len()];
        let mut layout = Layout {
            shape,
            ..Layout::default()
        };
        let n = usize::from(shape.len).min(deck.len());
        layout.cards[..n].copy_from_slice(&deck[..n]);
        layout.present = shape.all();
        layout.open = layout.compute_open();
        layout.up = shape.face_up | layout.open;
        self.table.layout = layout;
        self.table.dealt.extend_from_slice(&deck[..n]);
    }

    /// Scenario helper: `card` joins `seat`'s city as if built (its effects
    /// and followers run; what they leave pending is not carried out).
    pub fn give_card(&mut self, seat: usize, card: CardId) {
        self.build_card(seat, card, false);
    }

    /// Scenario helper: `seat` has built wonder `wonder` (without a card
    /// under it); its effects run, what they leave pending is not carried out.
    pub fn give_wonder(&mut self, seat: usize, wonder: u8) {
        for s in 0..2 {
            self.table.wonders[s].retain(|&w| w != wonder);
        }
        self.table.boxed_wonders.retain(|&w| w != wonder);
        self.build_wonder(seat, wonder, None);
    }

    /// Scenario helper: `seat` holds progress token `token` (its effects run).
    pub fn give_token(&mut self, seat: usize, token: u8) {
        self.table.board_tokens.retain(|&t| t != token);
        self.table.aside_tokens.retain(|&t| t != token);
        self.take_token(seat, token);
    }

    /// Scenario helper: replaces the figure with these cards in one open
    /// row, all accessible.
    pub fn lay_out(&mut self, cards: &[CardId]) {
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
        self.table.layout = layout;
        self.table.dealt.extend_from_slice(&cards[..n]);
    }

    /// The legal moves of the player to act (a fresh list).
    pub fn legal_moves(&self) -> Vec<DuelMove> {
        let mut out = Vec::new();
        self.duel.moves(&self.table, &mut out);
        out
    }

    fn ask_move(&mut self, players: &mut [&mut dyn DuelPlayer; 2]) -> DuelMove {
        let mut moves = std::mem::take(&mut self.moves);
        self.duel
            .moves_cached(&self.table, &mut self.cache, &mut moves);
        let seat = self.table.current;
        let view = DuelView {
            duel: self.duel,
            table: &self.table,
            seat,
        };
        let i = players[seat]
            .choose_move(&view, &moves)
            .min(moves.len() - 1);
        let mv = moves[i];
        self.moves = moves;
        mv
    }

    /// Plays `mv` for the player to act, with everything it sets off, and
    /// passes the turn ("Turno de juego").
    pub fn apply(&mut self, players: &mut [&mut dyn DuelPlayer; 2], mv: &DuelMove) {
        let seat = self.table.current;
        let t = &mut self.table;
        t.turns += 1;
        t.last = seat;
        t.layout.take(usize::from(mv.slot));
        let duel = self.duel;
        match mv.action {
            DuelAction::Build { coins, trade } => {
                self.pay(seat, coins, trade);
                self.build_card(seat, mv.card, false);
            }
            DuelAction::Chain => self.build_card(seat, mv.card, true),
            DuelAction::Discard => {
                // "Descartar para conseguir monedas".
                let t = &mut self.table;
                let yellow = t.cities[seat].colour_count[usize::from(duel.yellow.0) % MAX_CAT];
                t.cities[seat].coins += DISCARD_COINS + i32::from(yellow);
                t.discard.push(mv.card);
            }
            DuelAction::Wonder {
                wonder,
                coins,
                trade,
            } => {
                self.pay(seat, coins, trade);
                self.build_wonder(seat, wonder, Some(mv.card));
            }
        }
        self.carry_out(players, seat);
        if self.table.ended.is_some() {
            return;
        }
        // "Algunas Maravillas te permiten volver a jugar" — lost when the
        // figure is empty.
        let again = std::mem::take(&mut self.table.cities[seat].abilities.extra_turns) > 0;
        if !again || self.table.layout.is_empty() {
            self.table.current = 1 - seat;
        }
    }

    /// Pays a cost: its coins to the bank, the trade to the bank or to an
    /// opponent holding "receive the coins … pay for trading" ("Economía").
    fn pay(&mut self, seat: usize, coins: u16, trade: u16) {
        let t = &mut self.table;
        t.cities[seat].coins -= i32::from(coins) + i32::from(trade);
        if trade > 0 {
            for other in 0..2 {
                if other == seat {
                    continue;
                }
                let gets = t.cities[other]
                    .abilities
                    .trade_receivers
                    .iter()
                    .any(|s| s.0.iter().any(|&off| seat_at(other, off, 2) == seat));
                if gets {
                    t.cities[other].coins += i32::from(trade);
                    break;
                }
            }
        }
    }

    fn run(&mut self, seat: usize, source: Source, follow: Option<Event>) {
        let t = &mut self.table;
        // Followers run only if something owned listens for them.
        let held = t.listening[seat];
        let follow = follow.filter(|f| match f {
            Event::BuiltCard { .. } => held & Listens::BUILT_CARD != 0,
            Event::BuiltStage => held & Listens::BUILT_STAGE != 0,
            _ => false,
        });
        let own = listens(self.duel.info, source);
        t.listening[seat] |= own.0;
        if follow.is_none() && !own.has(Listens::BUILT) {
            return;
        }
        // The other city as effects see it: `CityHost` reads other cities
        // only through `City::count`, so a copy of what that reads serves,
        // and the acting city is borrowed in place rather than moved out.
        let other = 1 - seat;
        let before = MarketKey::of(&t.cities[seat]);
        let (real, seen) = (&t.cities[other], &mut self.shadow[other]);
        seen.colour_count = real.colour_count;
        seen.stages = real.stages;
        seen.defeats = real.defeats;
        seen.victories = real.victories;
        seen.coins = real.coins;
        seen.progress = real.progress;
        self.duel.run(
            &mut t.cities[seat],
            &self.shadow,
            seat,
            &t.built[seat],
            &t.tokens[seat],
            source,
            follow,
            !self.rebuild,
        );
        let after = MarketKey::of(&t.cities[seat]);
        if after != before {
            t.market[seat] = t.market[seat].wrapping_add(1);
            t.market[other] = t.market[other].wrapping_add(1);
        }
    }

    /// "Construir una Estructura" (and chains, free builds).
    fn build_card(&mut self, seat: usize, card: CardId, chained: bool) {
        self.duel.place(&mut self.table.cities[seat], card);
        let colour = self
            .duel
            .info
            .cards
            .get(usize::from(card.0))
            .map_or(Colour(0), |c| c.colour);
        self.run(
            seat,
            Source::Card(card),
            Some(Event::BuiltCard { colour, chained }),
        );
    }

    /// "Construir una Maravilla", and "7 Maravillas ¡Ni una más!": the 7th
    /// built returns the last unbuilt one to the box.
    fn build_wonder(&mut self, seat: usize, wonder: u8, card: Option<CardId>) {
        let t = &mut self.table;
        if let Some(i) = t.wonders[seat].iter().position(|&w| w == wonder) {
            t.wonders[seat].remove(i);
        }
        t.built[seat].push(wonder);
        let city = &mut t.cities[seat];
        city.stage_cards.extend(card);
        city.stages = city.stages.saturating_add(1);
        if t.wonders_built() >= MAX_WONDERS {
            for s in 0..2 {
                let left = std::mem::take(&mut t.wonders[s]);
                t.boxed_wonders.extend(left);
            }
        }
        self.run(seat, stage_source(wonder), Some(Event::BuiltStage));
    }

    /// After a build: what the effects left to the turn structure, the
    /// conflict pawn, pairs of science symbols, supremacies.
    fn carry_out(&mut self, players: &mut [&mut dyn DuelPlayer; 2], seat: usize) {
        loop {
            let pending = {
                let p = &mut self.table.cities[seat].abilities.pending;
                if p.is_empty() {
                    None
                } else {
                    Some(p.remove(0))
                }
            };
            if let Some(p) = pending {
                self.pending(players, seat, p);
                continue;
            }
            if self.table.cities[seat].abilities.discard_builds > 0 {
                self.table.cities[seat].abilities.discard_builds -= 1;
                self.build_from_discard(players, seat);
                continue;
            }
            if self.conflict() {
                return;
            }
            // "Ciencia y progreso": each pair of equal symbols gives a token.
            if self.pair(players, seat) {
                continue;
            }
            break;
        }
        self.check_science(seat);
    }

    fn pending(&mut self, players: &mut [&mut dyn DuelPlayer; 2], seat: usize, p: Pending) {
        match p {
            Pending::LoseCoins(n, seats) => {
                // "Tu oponente pierde 3 monedas, que se devuelven al banco."
                for &off in seats.0 {
                    let c = &mut self.table.cities[seat_at(seat, off, 2)];
                    c.coins -= (n.min(i32::MAX as u32) as i32).min(c.coins.max(0));
                }
            }
            Pending::Discard(colours, seats) => {
                // "Coloca en el mazo de descarte una carta gris … a tu
                // elección que haya construido tu oponente."
                for &off in seats.0 {
                    let victim = seat_at(seat, off, 2);
                    self.scratch.clear();
                    for &c in &self.table.cities[victim].cards {
                        let col = self.duel.info.cards.get(usize::from(c.0)).map(|i| i.colour);
                        if col.is_some_and(|col| colours.contains(col)) {
                            self.scratch.push(c);
                        }
                    }
                    if self.scratch.is_empty() {
                        continue;
                    }
                    let options = std::mem::take(&mut self.scratch);
                    let i = self.ask(players, seat, Ask::DiscardOpponent(&options));
                    self.unbuild(victim, options[i]);
                    self.scratch = options;
                }
            }
            Pending::TakeProgress(n) => {
                if n == 0 {
                    self.take_from_board(players, seat);
                } else {
                    // "La Gran Biblioteca": draw 3 of those set aside at
                    // the start, keep one, return the others to the box.
                    let t = &mut self.table;
                    self.rng.shuffle(&mut t.aside_tokens);
                    let k = usize::from(n).min(t.aside_tokens.len());
                    if k == 0 {
                        return;
                    }
                    let drawn: Vec<u8> = t.aside_tokens.drain(..k).collect();
                    let i = self.ask(players, seat, Ask::Progress(&drawn));
                    self.take_token(seat, drawn[i]);
                }
            }
        }
    }

    fn take_from_board(&mut self, players: &mut [&mut dyn DuelPlayer; 2], seat: usize) {
        if self.table.board_tokens.is_empty() {
            return;
        }
        let options = self.table.board_tokens.clone();
        let i = self.ask(players, seat, Ask::Progress(&options));
        self.table.board_tokens.remove(i);
        self.take_token(seat, options[i]);
    }

    fn take_token(&mut self, seat: usize, token: u8) {
        let t = &mut self.table;
        t.tokens[seat].push(token);
        t.cities[seat].progress = t.cities[seat].progress.saturating_add(1);
        self.run(seat, Source::Progress(token), None);
    }

    /// A card leaves the city for the discard pile: its production goes.
    fn unbuild(&mut self, seat: usize, card: CardId) {
        let duel = self.duel;
        let t = &mut self.table;
        let city = &mut t.cities[seat];
        let Some(i) = city.cards.iter().position(|&c| c == card) else {
            return;
        };
        city.cards.remove(i);
        if let Some(info) = duel.info.cards.get(usize::from(card.0)) {
            let c = usize::from(info.colour.0) % MAX_CAT;
            city.colour_count[c] = city.colour_count[c].saturating_sub(1);
        }
        city.names = NameSet::default();
        for k in 0..city.cards.len() {
            let n = duel.vocab.name_class(city.cards[k]);
            city.names.insert(n);
        }
        let s = Source::Card(card);
        if listens(duel.info, s).has(Listens::BUILT) {
            (duel.info.effects)(s, Event::Built, &mut Unbuild { me: city });
        }
        t.market[0] = t.market[0].wrapping_add(1);
        t.market[1] = t.market[1].wrapping_add(1);
        t.discard.push(card);
    }

    /// "El Mausoleo": build a discarded card of the player's choice for free.
    fn build_from_discard(&mut self, players: &mut [&mut dyn DuelPlayer; 2], seat: usize) {
        let options = self
            .duel
            .vocab
            .unbuilt(&self.table.discard, &self.table.cities[seat]);
        if options.is_empty() {
            return;
        }
        let i = self.ask(players, seat, Ask::FreeBuild(&options));
        let card = options[i];
        if let Some(p) = self.table.discard.iter().position(|&c| c == card) {
            self.table.discard.remove(p);
        }
        self.build_card(seat, card, false);
    }

    /// "El ejército": the pawn stands at the difference of shields; entering
    /// a token's zone applies it once; reaching a capital wins. True if the
    /// game ended.
    fn conflict(&mut self) -> bool {
        let c = self.duel.conflict;
        let t = &mut self.table;
        let pawn = i64::from(t.cities[0].shields) - i64::from(t.cities[1].shields);
        let cap = i64::from(c.capital);
        t.pawn = pawn.clamp(-cap, cap) as i32;
        for (i, &(at, loot)) in c.tokens.iter().enumerate().take(8) {
            for (side, loser) in [(1i32, 1usize), (-1, 0)] {
                let bit = 1u16 << (i + 8 * loser);
                if t.pawn * side >= i32::from(at) && t.looted & bit == 0 {
                    t.looted |= bit;
                    let city = &mut t.cities[loser];
                    city.coins -= i32::from(loot).min(city.coins.max(0));
                }
            }
        }
        if i64::from(t.pawn.abs()) >= cap && cap > 0 {
            // "Supremacía militar".
            let winner = if t.pawn > 0 { 0 } else { 1 };
            t.ended = Some((Victory::Military, Some(winner)));
            return true;
        }
        false
    }

    /// The first new pair of equal symbols gives a progress token of the
    /// board. True if a token was offered.
    fn pair(&mut self, players: &mut [&mut dyn DuelPlayer; 2], seat: usize) -> bool {
        let nsym = self.duel.info.symbols.len().min(MAX_SYM);
        for s in 0..nsym {
            let bit = 1u16 << s;
            if self.table.cities[seat].science[s] >= 2 && self.table.paired[seat] & bit == 0 {
                self.table.paired[seat] |= bit;
                self.take_from_board(players, seat);
                return true;
            }
        }
        false
    }

    /// "Supremacía científica": 6 different symbols.
    fn check_science(&mut self, seat: usize) {
        if self.table.ended.is_some() {
            return;
        }
        let nsym = self.duel.info.symbols.len().min(MAX_SYM);
        let c = &self.table.cities[seat];
        let distinct = c.science[..nsym].iter().filter(|&&n| n > 0).count() as u32;
        if distinct >= SCIENCE_SUPREMACY {
            self.table.ended = Some((Victory::Science, Some(seat)));
        }
    }

    /// "Fin de una Era": the player with less military power (the pawn on
    /// their side) chooses who starts; centred, the last player to act.
    fn choose_starter(&mut self, players: &mut [&mut dyn DuelPlayer; 2]) {
        for c in &mut self.table.cities {
            c.abilities.extra_turns = 0;
        }
        let chooser = match self.table.pawn {
            p if p > 0 => 1,
            p if p < 0 => 0,
            _ => self.table.last,
        };
        let i = self.ask(players, chooser, Ask::Starter);
        self.table.current = if i == 0 { chooser } else { 1 - chooser };
    }
}

/// Always takes the first option: for previews.
struct FirstOption;
impl DuelPlayer for FirstOption {
    fn choose_move(&mut self, _v: &DuelView<'_>, _m: &[DuelMove]) -> usize {
        0
    }
    fn choose(&mut self, _v: &DuelView<'_>, _a: Ask<'_>) -> usize {
        0
    }
}

/// The table after the player to act plays `mv` (choices it sets off take
/// their first option), for bots that look one move ahead.
pub fn preview(duel: &Duel, table: &DuelTable, mv: &DuelMove) -> DuelTable {
    let mut g = DuelGame {
        duel,
        table: table.clone(),
        rng: Rng::new(0),
        moves: Vec::new(),
        scratch: Vec::new(),
        shadow: Default::default(),
        cache: TradeCache::default(),
        rebuild: false,
    };
    let (mut a, mut b) = (FirstOption, FirstOption);
    g.apply(&mut [&mut a, &mut b], mv);
    g.table
}

/// The table after `seat` takes progress token `token` (its effects run;
/// what they leave pending is not carried out), for bots.
pub fn preview_token(duel: &Duel, table: &DuelTable, seat: usize, token: u8) -> DuelTable {
    let mut g = DuelGame {
        duel,
        table: table.clone(),
        rng: Rng::new(0),
        moves: Vec::new(),
        scratch: Vec::new(),
        shadow: Default::default(),
        cache: TradeCache::default(),
        rebuild: false,
    };
    g.give_token(seat, token);
    g.table
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_have_twenty_cards_and_open_bottom_rows() {
        for (a, rows) in FIGURES.iter().enumerate() {
            let s = Shape::new(rows);
            assert_eq!(s.len, 20, "Age {}", a + 1);
            let l = Layout {
                shape: s,
                present: s.all(),
                ..Layout::default()
            };
            let open = l.compute_open();
            let last = rows.len() as u8 - 1;
            for i in 0..20 {
                assert_eq!(
                    open & (1 << i) != 0,
                    s.row[i] == last,
                    "Age {} slot {i}",
                    a + 1
                );
            }
        }
        // Age I: the bottom row has 6 accessible cards; Age II: 2; Age III: 2.
        let count = |rows: &[Row]| {
            let s = Shape::new(rows);
            Layout {
                shape: s,
                present: s.all(),
                ..Layout::default()
            }
            .compute_open()
            .count_ones()
        };
        assert_eq!(count(AGE_I), 6);
        assert_eq!(count(AGE_II), 2);
        assert_eq!(count(AGE_III), 2);
    }

    #[test]
    fn taking_reveals_the_uncovered() {
        let s = Shape::new(AGE_II);
        let mut l = Layout {
            shape: s,
            present: s.all(),
            up: s.face_up,
            ..Layout::default()
        };
        l.open = l.compute_open();
        // Slots 18 and 19 are the bottom pair; 15, 16, 17 the face-down row of 3.
        assert!(l.up & (1 << 16) == 0);
        l.take(18);
        // Slot 15 (left of the row of 3) is now free; 16 still under 19.
        assert!(l.accessible(15) && l.up & (1 << 15) != 0);
        assert!(!l.accessible(16));
        l.take(19);
        assert!(l.accessible(16) && l.accessible(17));
        assert!(l.up & (1 << 16) != 0);
    }

    #[test]
    fn open_set_follows_every_take() {
        let mut rng = Rng::new(5);
        for rows in FIGURES {
            for _ in 0..50 {
                let s = Shape::new(rows);
                let mut l = Layout {
                    shape: s,
                    present: s.all(),
                    ..Layout::default()
                };
                l.open = l.compute_open();
                while l.present != 0 {
                    let open: Vec<usize> = (0..32).filter(|&i| l.open & (1 << i) != 0).collect();
                    l.take(open[rng.below(open.len())]);
                    assert_eq!(l.open, l.compute_open());
                }
            }
        }
    }

    #[test]
    fn age_three_middle_pair() {
        let s = Shape::new(AGE_III);
        // Row 3 (slots 9, 10) sits under slots 5,6 and 7,8 of the row of 4.
        assert_eq!(s.cover[5], 1 << 9);
        assert_eq!(s.cover[6], 1 << 9);
        assert_eq!(s.cover[7], 1 << 10);
        assert_eq!(s.cover[8], 1 << 10);
        assert_eq!(s.cover[9], (1 << 11) | (1 << 12));
    }

    #[test]
    fn discounts_drop_the_dearest_units() {
        let mut short = Short {
            len: 2,
            bit: [0; MAX_RES],
            n: [0; MAX_RES],
            price: [0; MAX_RES],
        };
        short.bit[..2].copy_from_slice(&[0b01, 0b10]);
        short.n[..2].copy_from_slice(&[2, 1]);
        short.price[..2].copy_from_slice(&[2, 5]);
        assert_eq!(cheapest_trade(&mut short, &[], 0), 9);
        assert_eq!(cheapest_trade(&mut short, &[], 1), 4);
        assert_eq!(cheapest_trade(&mut short, &[], 2), 2);
        assert_eq!(cheapest_trade(&mut short, &[], 5), 0);
        let choice = Choice {
            options: sevenw_host::ResSet(0b11),
            amount: 1,
        };
        // The choice covers the dear unit.
        assert_eq!(cheapest_trade(&mut short, &[choice], 0), 4);
        assert_eq!(short.n[0], 2);
    }
}
