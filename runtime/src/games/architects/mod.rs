//! 7 Wonders Architects' turn structure: 2 to 7 players, a face-up deck
//! between each pair of neighbours and a face-down central deck, no hands;
//! each turn a player takes one card, then must build every wonder stage
//! its cards pay for and trade every science set for a progress token; horns
//! turn conflict tokens to war and the last one starts a battle; the game
//! ends with the turn in which a wonder is finished.
//!
//! Rule references are to the Spanish rulebook
//! (`shared/rules/000_d795709ab5ba7a07.txt`, a garbled scan), by its section
//! titles; what it does not say is decided with the sources of
//! `shared/rules/architects-facts.md`, each decision in a comment where it
//! is made (and in `runtime/README.md`).
//!
//! Like the other games, this module names no card, wonder or token. The
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

mod greedy;
mod invariants;
mod narrate;
pub mod scenario;
pub mod sheet;

use crate::engine::clone_reusing;
use std::fmt;

use sevenw_host::{CardId, Category, Decks, Event, GameInfo, Listens, Pattern, Source};

use crate::engine::city::{City, MAX_CAT, Pending, run_event};
use crate::engine::host::{CityHost, Probe, ScoreHost};
use crate::engine::rng::{Rng, derive};
use crate::engine::science::MAX_SYM;
use crate::engine::vocab::{Vocab, VocabError, listens};
use crate::game::{Game, Outcome, POINTS, Score, Setup, SetupError, Sides, redeal};

/// Resources a payment can name.
pub const MAX_RES: usize = 8;
/// Progress tokens face up beside the pile ("Tomad las 3 fichas superiores y
/// colocadlas bocarriba").
pub const FACE_UP: usize = 3;
/// Wonder stages a wonder may have (bits of [`Table::built`]).
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
pub struct Cats {
    pub military: Category,
    pub cat: Category,
}

/// Architects' rules bound to one game's tables.
#[derive(Clone, Debug)]
pub struct Architects {
    pub info: &'static GameInfo,
    pub vocab: Vocab,
    pub cats: Cats,
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
}

/// Whose decision is pending, and of what kind. It is always the seat whose
/// turn it is ([`Table::current`]).
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
    /// The game is over.
    Over,
}

/// Everything on the table: the position.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub cities: Vec<City>,
    /// Each seat's wonder.
    pub wonders: Vec<u8>,
    /// Each seat's deck, the top card last.
    pub decks: Vec<Vec<CardId>>,
    /// The central deck, the top card last.
    pub central: Vec<CardId>,
    /// Face up, the last card on top ("colocad bocarriba las cartas usadas").
    pub discard: Vec<CardId>,
    /// The decks of the wonders not in play.
    pub boxed: Vec<CardId>,
    /// Cards being looked at (Halicarnassus), top first, and their deck.
    pub looking: Vec<CardId>,
    pub looked: Option<Deck>,
    /// Progress tokens face up, and the pile (the top last).
    pub face_up: Vec<u8>,
    pub pile: Vec<u8>,
    /// Tokens each seat holds, in the order taken.
    pub tokens: Vec<Vec<u8>>,
    /// Wonder stages built, a bit per stage, by seat.
    pub built: Vec<u16>,
    /// Conflict tokens in play, and how many show war.
    pub conflict: u8,
    pub war: u8,
    /// The last conflict token was turned this turn: a battle at its end.
    pub battle: bool,
    /// Who holds the cat.
    pub cat: Option<usize>,
    /// Whose turn it is.
    pub current: usize,
    /// Turns begun.
    pub turns: u32,
    /// Battles fought.
    pub battles: u32,
    /// The central card the cat's holder looked at this turn, and the
    /// central deck's size then (shown while it is still the top).
    pub peek: Option<(CardId, usize)>,
    /// Progress tokens (kinds) whose effect acted this turn.
    pub used: [u64; 4],
    /// Uses this turn of `any_resources` and `coin_value` abilities.
    pub used_any: u8,
    pub used_coin: u8,
}

clone_reusing!(Table {
    cities,
    wonders,
    decks,
    central,
    discard,
    boxed,
    looking,
    looked,
    face_up,
    pile,
    tokens,
    built,
    conflict,
    war,
    battle,
    cat,
    current,
    turns,
    battles,
    peek,
    used,
    used_any,
    used_coin,
});

impl Table {
    pub fn seats(&self) -> usize {
        self.cities.len()
    }

    /// The deck at `d`.
    pub fn deck(&self, d: Deck) -> &[CardId] {
        match d {
            Deck::Seat(s) => self.decks.get(usize::from(s)).map_or(&[], |v| &v[..]),
            Deck::Central => &self.central,
        }
    }

    fn deck_mut(&mut self, d: Deck) -> Option<&mut Vec<CardId>> {
        match d {
            Deck::Seat(s) => self.decks.get_mut(usize::from(s)),
            Deck::Central => Some(&mut self.central),
        }
    }

    /// The decks a seat reaches by `decks` (its left, its right, the
    /// central, every other), each once, in that order, to `f`.
    pub fn each_reached(&self, seat: usize, decks: Decks, mut f: impl FnMut(Deck)) {
        let n = self.seats().max(1);
        // The seat's own deck is on its left, its right neighbour's on its
        // right (a seat is below `n`: no division).
        let left = if seat < n { seat } else { seat % n };
        let right = if left == 0 { n - 1 } else { left - 1 };
        if decks.has(Decks::LEFT) {
            f(Deck::Seat(left as u8));
        }
        if decks.has(Decks::RIGHT) && !(right == left && decks.has(Decks::LEFT)) {
            f(Deck::Seat(right as u8));
        }
        if decks.has(Decks::CENTRAL) {
            f(Deck::Central);
        }
        if decks.has(Decks::OTHERS) {
            for s in 0..n {
                let given = (s == left && decks.has(Decks::LEFT))
                    || (s == right && decks.has(Decks::RIGHT));
                if !given {
                    f(Deck::Seat(s as u8));
                }
            }
        }
    }

    /// The decks a seat reaches by `decks` (see [`Table::each_reached`]).
    pub fn reach(&self, seat: usize, decks: Decks) -> Vec<Deck> {
        let mut out = Vec::with_capacity(4);
        self.each_reached(seat, decks, |d| out.push(d));
        out
    }

    /// Those of [`Table::reach`] that still hold a card.
    pub fn open(&self, seat: usize, decks: Decks) -> Vec<Deck> {
        let mut v = Vec::with_capacity(4);
        self.each_open(seat, decks, |d| v.push(d));
        v
    }

    /// [`Table::open`], to `f`, without a list.
    pub fn each_open(&self, seat: usize, decks: Decks, mut f: impl FnMut(Deck)) {
        self.each_reached(seat, decks, |d| {
            if !self.deck(d).is_empty() {
                f(d)
            }
        });
    }

    /// How many decks [`Table::open`] gives, and the first.
    fn open_first(&self, seat: usize, decks: Decks) -> (usize, Option<Deck>) {
        let (mut n, mut first) = (0, None);
        self.each_open(seat, decks, |d| {
            n += 1;
            first.get_or_insert(d);
        });
        (n, first)
    }

    /// Every deck in play is empty.
    pub fn decks_empty(&self) -> bool {
        self.central.is_empty() && self.decks.iter().all(Vec::is_empty)
    }

    /// Whether token kind `k` acted this turn.
    fn used_token(&self, k: u8) -> bool {
        self.used[usize::from(k) / 64] & (1 << (k % 64)) != 0
    }

    /// Every card of the game, wherever it is: decks, box, cities, discard
    /// pile, in hand to be looked at. (Cards are conserved: this is the
    /// game's whole card count.)
    pub fn card_count(&self) -> usize {
        self.decks.iter().map(Vec::len).sum::<usize>()
            + self.central.len()
            + self.boxed.len()
            + self.discard.len()
            + self.looking.len()
            + self.cities.iter().map(|c| c.cards.len()).sum::<usize>()
    }
}

/// An Architects game in progress.
#[derive(Debug)]
pub struct State {
    pub table: Table,
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
        let cats = Cats {
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
                    (info.effects)(s, Event::Built, &mut p);
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
                (info.effects)(s, Event::Built, &mut p);
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
            (info.effects)(s, Event::Built, &mut p);
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
            cats,
            kinds,
            deck_of,
            central,
            plans,
            victory_vp: info.battles.map_or(0, |b| i32::from(b.vp)),
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

    /// Whether stage `piece` of `seat`'s wonder may be built: not built,
    /// and every stage of a lower level built ("Una Etapa estará disponible
    /// para construirse solo si ya se han construido todas las Etapas
    /// inferiores").
    pub fn available(&self, t: &Table, seat: usize, piece: usize) -> bool {
        let (Some(plan), Some(&built)) = (
            self.plans.get(usize::from(t.wonders[seat])),
            t.built.get(seat),
        ) else {
            return false;
        };
        piece < MAX_PIECES
            && plan.full & (1 << piece) != 0
            && built & (1 << piece) == 0
            && built & plan.lower[piece] == plan.lower[piece]
    }

    /// The resource units and coin cards `seat` holds.
    /// (`new` checked that each resource card gives one resource and each
    /// coin card one coin, and that nothing else gives either, so the
    /// city's production and coins count them.)
    pub fn purse(&self, city: &City) -> ([u8; MAX_RES], u8) {
        let mut res = [0u8; MAX_RES];
        res.copy_from_slice(&city.own.fixed[..MAX_RES]);
        (res, city.coins.clamp(0, 255) as u8)
    }

    /// Every way `seat` may pay stage `piece` now (none: it cannot build
    /// it). Resource cards go before coins (a coin stands for any resource,
    /// so keeping it is never worse); Economy doubles a coin only when that
    /// saves a card; Engineering is used only where the rule of different or
    /// identical resources is not kept.
    pub fn payments(&self, t: &Table, seat: usize, piece: usize, out: &mut Vec<Pay>) {
        out.clear();
        let purse = self.purse(&t.cities[seat]);
        self.each_payment(t, seat, piece, purse, |pay| {
            if out.len() < MAX_PAYMENTS {
                out.push(pay);
            }
        });
    }

    /// The most a stage may count that `seat` could pay with `units`
    /// resource units and `coins` coin cards: each unit and coin counts
    /// one, and with Economy unused one coin counts its value.
    fn most_units(&self, t: &Table, seat: usize, units: usize, coins: u8) -> usize {
        let value = t.cities[seat].abilities.coin_value;
        let extra = if value > 1 && t.used_coin == 0 && coins > 0 {
            usize::from(value) - 1
        } else {
            0
        };
        units + usize::from(coins) + extra
    }

    /// [`Architects::payments`], to `f`, with the seat's resource units and
    /// coin cards given. Each payment comes once: the resources spent
    /// differ between the kinds tried (identical), the subsets (different)
    /// and the multisets (Engineering, the only payments marked `any`).
    fn each_payment(
        &self,
        t: &Table,
        seat: usize,
        piece: usize,
        (res, coins): ([u8; MAX_RES], u8),
        mut f: impl FnMut(Pay),
    ) {
        let Some(p) = self
            .stages(t.wonders[seat])
            .get(piece)
            .and_then(|s| s.pattern)
        else {
            return;
        };
        let city = &t.cities[seat];
        let nres = self.info.resources.len().min(MAX_RES);
        let value = city.abilities.coin_value;
        let econ = value > 1 && t.used_coin == 0;
        let eng = city.abilities.any_resources > t.used_any;
        let n = usize::from(p.count);
        // Too few units and coins in all: nothing pays.
        let units: usize = res[..nres].iter().map(|&u| usize::from(u)).sum();
        if self.most_units(t, seat, units, coins) < n {
            return;
        }
        let mut pay = |used: [u8; MAX_RES], any: bool| {
            let units: usize = used.iter().map(|&u| usize::from(u)).sum();
            if let Some((c, double)) = coin_cards(n.saturating_sub(units), econ, value, coins) {
                f(Pay {
                    res: used,
                    coins: c,
                    double,
                    any,
                });
            }
        };
        let mut held = [0usize; MAX_RES];
        let mut nheld = 0;
        for (r, &units) in res.iter().enumerate().take(nres) {
            if units > 0 {
                held[nheld] = r;
                nheld += 1;
            }
        }
        let held = &held[..nheld];
        if p.identical {
            for &r in held {
                let mut used = [0u8; MAX_RES];
                used[r] = res[r].min(p.count);
                pay(used, false);
            }
            if held.is_empty() {
                pay([0; MAX_RES], false);
            }
        } else {
            let k = held.len().min(n);
            for_subsets(held, k, &mut |set| {
                let mut used = [0u8; MAX_RES];
                for &r in set {
                    used[r] = 1;
                }
                pay(used, false);
            });
        }
        if eng {
            // Any resources: every multiset of the units held, as many as
            // the stage takes (the rest in coins), that the rule would refuse.
            let u = units.min(n);
            let mut used = [0u8; MAX_RES];
            multisets(held, &res, u, 0, &mut used, &mut |used| {
                // Coins fill the rest with whatever keeps the rule, so it
                // is kept with one resource (identical) or none twice.
                let kept = if p.identical {
                    used.iter().filter(|&&x| x > 0).count() <= 1
                } else {
                    used.iter().all(|&x| x <= 1)
                };
                if !kept {
                    pay(*used, true);
                }
            });
        }
    }

    /// The due actions of the player to act: every stage it can build now
    /// with every way to pay it, and every science set it can trade for a
    /// progress token ("debes construirla durante tu turno"; "debes obtener
    /// una ficha de Progreso durante tu turno").
    pub fn actions(&self, t: &Table, out: &mut Vec<Move>) {
        out.clear();
        self.each_action(t, |mv| out.push(mv));
    }

    /// [`Architects::actions`], to `f`, without a list.
    fn each_action(&self, t: &Table, mut f: impl FnMut(Move)) {
        let seat = t.current;
        let city = &t.cities[seat];
        let purse = self.purse(city);
        // One pass over the resource units: in all, the kinds held and the
        // most of one kind.
        let nres = self.info.resources.len().min(MAX_RES);
        let (mut units, mut distinct, mut deepest) = (0, 0, 0);
        for &u in &purse.0[..nres] {
            let u = usize::from(u);
            units += u;
            distinct += usize::from(u > 0);
            deepest = deepest.max(u);
        }
        let eng = city.abilities.any_resources > t.used_any;
        // What the seat could pay at most: each unit and coin card counts
        // one, with Economy one coin card its value.
        let most = self.most_units(t, seat, units, purse.1);
        // A stage is payable when the units one payment may spend (one of
        // each kind held for different resources, the cards of one kind for
        // identical ones; any with Engineering) and the coin cards (one
        // counting its value with Economy) reach its count: read from the
        // wonder's tables, without a look at each stage.
        let coin_part = most - units;
        let reach = |units: usize| (units + coin_part).min(255);
        let w = t.wonders[seat];
        let mut candidates = self.plans.get(usize::from(w)).map_or(0, |plan| {
            if eng {
                plan.within[0][reach(units)]
            } else {
                plan.within[1][reach(deepest)] | plan.within[2][reach(distinct)]
            }
        }) & !t.built[seat];
        while candidates != 0 {
            let piece = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if !self.available(t, seat, piece) {
                continue;
            }
            let mut given = 0;
            self.each_payment(t, seat, piece, purse, |pay| {
                if given < MAX_PAYMENTS {
                    given += 1;
                    f(Move::Build {
                        piece: piece as u8,
                        pay,
                    });
                }
            });
        }
        // A set is traded only for a token: with none left, none is due
        // (not said; the green cards stay).
        if t.face_up.is_empty() && t.pile.is_empty() {
            return;
        }
        let city = &t.cities[seat];
        let nsym = self.info.symbols.len().min(MAX_SYM);
        // Most turns the seat holds no pair and fewer than three symbols.
        let (kinds, pair) = city.science[..nsym].iter().fold((0, false), |(k, p), &n| {
            (k + usize::from(n > 0), p || n >= 2)
        });
        if !pair && kinds < 3 {
            return;
        }
        let mut held = [0usize; MAX_SYM];
        let mut nheld = 0;
        for s in 0..nsym {
            if city.science[s] > 0 {
                held[nheld] = s;
                nheld += 1;
            }
        }
        let held = &held[..nheld];
        for &s in held {
            if city.science[s] >= 2 {
                f(Move::Science {
                    symbols: 1 << s,
                    pair: true,
                });
            }
        }
        if held.len() < 3 {
            return;
        }
        for_subsets(held, 3, &mut |set| {
            if set.len() == 3 {
                f(Move::Science {
                    symbols: set.iter().fold(0, |m, &s| m | (1 << s)),
                    pair: false,
                });
            }
        });
    }

    /// A move in words.
    pub fn describe_move(&self, st: &State, mv: &Move) -> String {
        let t = &st.table;
        let seat = t.current;
        if let (Phase::Extra { top, .. }, Move::Take(d)) = (st.phase, *mv)
            && top > 1
        {
            let deck = match d {
                Deck::Central => "the central deck".to_string(),
                Deck::Seat(s) => self.deck_words(t, seat, s),
            };
            return format!("look at the top {top} cards of {deck}");
        }
        match *mv {
            Move::Take(d) => match d {
                Deck::Central => "take the central card".to_string(),
                Deck::Seat(s) => {
                    let top = t.deck(d).last().copied();
                    let card = top.map_or("nothing".to_string(), |c| self.card_name(c).to_string());
                    format!("take {card} from {}", self.deck_words(t, seat, s))
                }
            },
            Move::Keep(c) => format!("keep {}", self.card_name(c)),
            Move::Token(Pick::Up(k)) => format!("progress {}", self.token_name(k)),
            Move::Token(Pick::Pile) => "progress from the pile".to_string(),
            Move::Build { piece, pay } => format!(
                "build {} with {}",
                self.piece_name(t.wonders[seat], piece),
                self.pay_words(&pay)
            ),
            Move::Science { symbols, pair } => {
                format!(
                    "trade {} for a progress token",
                    self.set_words(symbols, pair)
                )
            }
        }
    }

    /// `the left deck`, `the right deck`, `Cid's deck` (by seat number).
    pub fn deck_words(&self, t: &Table, seat: usize, owner: u8) -> String {
        let n = t.seats().max(1);
        let owner = usize::from(owner);
        if owner == seat % n {
            "the left deck".to_string()
        } else if owner == (seat + n - 1) % n {
            "the right deck".to_string()
        } else {
            format!("the deck of {}", self.wonder_name(t.wonders[owner]))
        }
    }

    /// `Wood, Stone and 1 coin (doubled)`.
    pub fn pay_words(&self, pay: &Pay) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (r, &n) in pay.res.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let name = self.res_card_name(r as u8);
            parts.push(if n == 1 {
                name.to_string()
            } else {
                format!("{n} {name}")
            });
        }
        let coin = self
            .kinds
            .iter()
            .position(|k| k.coins > 0)
            .map_or("Coin", |i| self.card_name(CardId(i as u16)));
        match pay.coins {
            0 => {}
            1 => parts.push(coin.to_string()),
            n => parts.push(format!("{n} {coin}s")),
        }
        let mut s = join_and(&parts);
        if parts.is_empty() {
            s = "nothing".to_string();
        }
        if pay.double {
            s.push_str(" (a coin counted twice)");
        }
        if pay.any {
            s.push_str(" (any resources)");
        }
        s
    }

    /// The name of the card that produces resource `r` (or the resource).
    pub fn res_card_name(&self, r: u8) -> &'static str {
        self.kinds
            .iter()
            .position(|k| k.res == Some(r))
            .map(|i| self.card_name(CardId(i as u16)))
            .or_else(|| self.info.resources.get(usize::from(r)).copied())
            .unwrap_or("?")
    }

    /// The name of the card that gives science symbol `s` (or the symbol).
    pub fn symbol_card_name(&self, s: u8) -> &'static str {
        self.kinds
            .iter()
            .position(|k| k.symbol == Some(s))
            .map(|i| self.card_name(CardId(i as u16)))
            .or_else(|| self.info.symbols.get(usize::from(s)).copied())
            .unwrap_or("?")
    }

    /// `Compass and Compass`, `Compass, Gear and Tablet`.
    pub fn set_words(&self, symbols: u16, pair: bool) -> String {
        let names: Vec<String> = (0..16u8)
            .filter(|&s| symbols & (1 << s) != 0)
            .map(|s| self.symbol_card_name(s).to_string())
            .collect();
        if pair {
            let n = names.first().cloned().unwrap_or_default();
            format!("{n} and {n}")
        } else {
            join_and(&names)
        }
    }

    /// Runs `source`'s effects for `Event::Built` for `seat` (what it gives,
    /// what it sets off).
    fn run_built(&self, t: &mut Table, seat: usize, source: Source) {
        if !listens(self.info, source).has(Listens::BUILT) {
            return;
        }
        if let Some(mut h) = CityHost::at(&mut t.cities, seat, true) {
            h.source = Some(source);
            self.vocab.effects(source, Event::Built, &mut h);
        }
    }

    /// Runs `event` for every source of `seat` listening to `bit`, but
    /// `except`. A progress token's effect acts once per turn ("Cada ficha de
    /// Progreso solo puede utilizarse una vez en cada turno"): a token that
    /// acted this turn is skipped, and one that sets something off now
    /// counts as used.
    ///
    /// Most calls find no source listening: that check is inlined where it
    /// is called, and the walk over the sources is not.
    #[inline]
    fn run_followers(&self, t: &mut Table, seat: usize, event: Event, bit: u16, except: Source) {
        if t.cities[seat].listening & bit != 0 {
            self.walk_followers(t, seat, event, bit, except);
        }
    }

    /// [`Architects::run_followers`] once a source of `seat` listens.
    #[inline(never)]
    fn walk_followers(&self, t: &mut Table, seat: usize, event: Event, bit: u16, except: Source) {
        let mut i = 0;
        while i < t.cities[seat].sources.len() {
            let (s, l) = t.cities[seat].sources[i];
            i += 1;
            if !l.has(bit) || s == except {
                continue;
            }
            if let Source::Progress(k) = s
                && t.used_token(k)
            {
                continue;
            }
            let before = t.cities[seat].abilities.pending.len();
            if let Some(mut h) = CityHost::at(&mut t.cities, seat, true) {
                h.source = Some(s);
                self.vocab.effects(s, event, &mut h);
            }
            if let Source::Progress(k) = s
                && t.cities[seat].abilities.pending.len() > before
            {
                t.used[usize::from(k) / 64] |= 1 << (k % 64);
            }
        }
    }

    /// `card` joins `seat`'s cards ("Coloca la carta que elijas enfrente de
    /// ti"): its effects, then what it sets off among the seat's tokens.
    pub fn place(&self, t: &mut Table, seat: usize, card: CardId) {
        t.cities[seat].place(&self.vocab, card);
        self.run_built(t, seat, Source::Card(card));
        self.run_followers(
            t,
            seat,
            Event::TookCard { card },
            Listens::TOOK_CARD,
            Source::Card(card),
        );
    }

    /// Takes the top card of `d` for `seat` (nothing if it is empty: "Si un
    /// mazo se queda sin cartas, permanecerá así hasta el final").
    fn take(&self, t: &mut Table, seat: usize, d: Deck) {
        let Some(card) = t.deck_mut(d).and_then(Vec::pop) else {
            return;
        };
        self.place(t, seat, card);
    }

    /// Looks at the top `top` cards of `d` (all when fewer are left: not
    /// said, UNCERTAIN); true if a choice of one is due.
    fn look(&self, st: &mut State, d: Deck, top: u8) -> bool {
        let t = &mut st.table;
        let Some(deck) = t.deck_mut(d) else {
            return false;
        };
        let k = usize::from(top).min(deck.len());
        let mut cards = deck.split_off(deck.len() - k);
        cards.reverse();
        t.looking = cards;
        t.looked = Some(d);
        let first = t.looking.first().copied();
        if t.looking.iter().all(|&c| Some(c) == first) {
            if let Some(c) = first {
                self.keep(st, c);
            }
            return false;
        }
        st.phase = Phase::Keep;
        true
    }

    /// Keeps `card` of those looked at; the others go back to their deck,
    /// which is shuffled ("Devuelve las demás al mazo al que pertenecen y
    /// barájalo").
    fn keep(&self, st: &mut State, card: CardId) {
        let t = &mut st.table;
        let Some(i) = t.looking.iter().position(|&c| c == card) else {
            return;
        };
        t.looking.remove(i);
        let rest = std::mem::take(&mut t.looking);
        if let Some(d) = t.looked.take()
            && let Some(deck) = t.deck_mut(d)
        {
            deck.extend(rest);
            st.rng.shuffle(deck);
        }
        let seat = st.table.current;
        self.place(&mut st.table, seat, card);
    }

    /// Takes progress token `pick` for `seat`: a face-up one is replaced by
    /// the pile's top ("ocupa su lugar con la primera ficha de la pila").
    fn take_token(&self, t: &mut Table, seat: usize, pick: Pick) {
        let k = match pick {
            Pick::Up(k) => {
                let Some(i) = t.face_up.iter().position(|&x| x == k) else {
                    return;
                };
                t.face_up.remove(i);
                if let Some(next) = t.pile.pop() {
                    t.face_up.push(next);
                }
                k
            }
            Pick::Pile => match t.pile.pop() {
                Some(k) => k,
                None => return,
            },
        };
        self.give_token(t, seat, k);
    }

    /// `seat` holds token `k` (its effects run at once: "Podrás
    /// beneficiarte inmediatamente de su efecto").
    pub fn give_token(&self, t: &mut Table, seat: usize, k: u8) {
        t.tokens[seat].push(k);
        let city = &mut t.cities[seat];
        city.progress = city.progress.saturating_add(1);
        city.gain_source(self.info, Source::Progress(k));
        self.run_built(t, seat, Source::Progress(k));
    }

    /// Spends `n` held cards of `seat` matching `which` (fewer if it holds
    /// fewer), the last taken first, in one pass from the last: spending a
    /// card moves none taken before it.
    fn spend_last(&self, t: &mut Table, seat: usize, n: u8, which: impl Fn(Kind) -> bool) {
        let mut n = n;
        let mut i = t.cities[seat].cards.len();
        while n > 0 && i > 0 {
            i -= 1;
            if !which(self.kind(t.cities[seat].cards[i])) {
                continue;
            }
            if let Some(card) = t.cities[seat].spend_at(&self.vocab, i) {
                t.discard.push(card);
            }
            n -= 1;
        }
    }

    /// Builds stage `piece` for `seat`, paying `pay` ("descártalos y gira la
    /// Etapa dejando la cara Construida bocarriba"): its effects at once,
    /// then what it sets off among the seat's tokens.
    pub fn build(&self, t: &mut Table, seat: usize, piece: u8, pay: &Pay) {
        for (r, &n) in pay.res.iter().enumerate() {
            if n > 0 {
                self.spend_last(t, seat, n, |k| k.res == Some(r as u8));
            }
        }
        self.spend_last(t, seat, pay.coins, |k| k.coins > 0);
        if pay.double {
            t.used_coin = t.used_coin.saturating_add(1);
        }
        if pay.any {
            t.used_any = t.used_any.saturating_add(1);
        }
        self.raise(t, seat, piece);
    }

    /// Stage `piece` of `seat`'s wonder is built (paid for already).
    pub fn raise(&self, t: &mut Table, seat: usize, piece: u8) {
        let p = usize::from(piece) % MAX_PIECES;
        t.built[seat] |= 1 << p;
        let w = t.wonders[seat];
        let city = &mut t.cities[seat];
        city.stages = city.stages.saturating_add(1);
        let source = Source::Stage {
            wonder: w,
            side: 0,
            stage: piece,
        };
        city.gain_source(self.info, source);
        self.run_built(t, seat, source);
        self.run_followers(t, seat, Event::BuiltStage, Listens::BUILT_STAGE, source);
    }

    /// "Obtención de fichas de Progreso": the green cards used are
    /// discarded, then a token is chosen.
    fn science(&self, t: &mut Table, seat: usize, symbols: u16, pair: bool) {
        for s in 0..16u8 {
            if symbols & (1 << s) == 0 {
                continue;
            }
            self.spend_last(t, seat, if pair { 2 } else { 1 }, |k| k.symbol == Some(s));
        }
        t.cities[seat]
            .abilities
            .pending
            .insert(0, Pending::TakeProgress(0));
    }

    /// Turns up to `n` conflict tokens to war; turning the last one starts a
    /// battle at the end of the turn ("si … solo queda uno … dale la vuelta
    /// solo a ese marcador e ignora los demás").
    fn flip(&self, t: &mut Table, n: u8) {
        let flips = n.min(t.conflict.saturating_sub(t.war));
        t.war += flips;
        if flips > 0 && t.war == t.conflict {
            t.battle = true;
        }
    }

    /// The military victory tokens `a` takes against `b` with these
    /// shields: "Toma 1 marcador de Victoria militar por cada vecino al que
    /// superes en número de Escudos"; with two players ("Partidas de 2
    /// jugadores"), 2 for at least double the opponent's shields, and 2 for
    /// 2 or more against none.
    pub fn battle_tokens(a: u32, b: u32, two: bool) -> u32 {
        if a <= b {
            0
        } else if two && ((b == 0 && a >= 2) || (b > 0 && a >= 2 * b)) {
            2
        } else {
            1
        }
    }

    /// "Resolución de Batallas": every player against each neighbour
    /// separately (the one opponent with two players), then every red card
    /// with horns is discarded and the tokens turn back to peace.
    pub fn battle(&self, t: &mut Table) {
        let n = t.seats();
        // Shields do not change in a battle: each seat's tokens are counted
        // from the cities as they stand.
        for s in 0..n {
            let mine = t.cities[s].shields;
            let won = if n == 2 {
                Self::battle_tokens(mine, t.cities[1 - s].shields, true)
            } else {
                let left = t.cities[(s + 1) % n].shields;
                let right = t.cities[(s + n - 1) % n].shields;
                Self::battle_tokens(mine, left, false) + Self::battle_tokens(mine, right, false)
            };
            t.cities[s].victories += won;
        }
        // In the order they were taken, each spent where it lies.
        for s in 0..n {
            let mut i = 0;
            while let Some(&c) = t.cities[s].cards.get(i) {
                if self.kind(c).horns == 0 {
                    i += 1;
                    continue;
                }
                match t.cities[s].spend_at(&self.vocab, i) {
                    Some(c) => t.discard.push(c),
                    None => break,
                }
            }
        }
        t.war = 0;
        t.battle = false;
        t.battles += 1;
    }

    /// Whether `seat`'s wonder is finished: every stage built (no stage past
    /// the wonder's is ever built, an invariant).
    pub fn finished(&self, t: &Table, seat: usize) -> bool {
        let full = self
            .plans
            .get(usize::from(t.wonders[seat]))
            .map_or(0, |plan| plan.full);
        full != 0 && t.built[seat] & full == full
    }

    /// One pending effect of the player to act; true if it waits for a
    /// decision.
    fn pending(&self, st: &mut State, p: Pending) -> bool {
        let seat = st.table.current;
        match p {
            Pending::TakeCard(decks, top) => match st.table.open_first(seat, decks) {
                (0, _) | (_, None) => false,
                (1, Some(d)) if top > 1 => self.look(st, d, top),
                (1, Some(d)) => {
                    self.take(&mut st.table, seat, d);
                    false
                }
                _ => {
                    st.phase = Phase::Extra { decks, top };
                    true
                }
            },
            // Babylon and the science sets: "una de las 3 que están bocarriba
            // o la primera de la pila".
            Pending::TakeProgress(_) => {
                let mut picks = Vec::new();
                self.picks(&st.table, &mut picks);
                match picks.as_slice() {
                    [] => false,
                    [only] => {
                        self.take_token(&mut st.table, seat, *only);
                        false
                    }
                    _ => {
                        st.phase = Phase::Token;
                        true
                    }
                }
            }
            // "toma la figura de Gato de donde esté".
            Pending::TakeCat => {
                st.table.cat = Some(seat);
                false
            }
            Pending::Flip(n) => {
                self.flip(&mut st.table, n);
                false
            }
            // Not words of this game.
            Pending::LoseCoins(..)
            | Pending::Discard(..)
            | Pending::TakeVictory(_)
            | Pending::LoseTokens(..)
            | Pending::Entomb(_)
            | Pending::Draw(..)
            | Pending::BuildFromHand(_)
            | Pending::TakePawn(_) => false,
        }
    }

    /// The progress tokens that may be taken: each face-up kind once, and
    /// the pile's top.
    fn picks(&self, t: &Table, out: &mut Vec<Pick>) {
        out.clear();
        for &k in &t.face_up {
            if !out.contains(&Pick::Up(k)) {
                out.push(Pick::Up(k));
            }
        }
        if !t.pile.is_empty() {
            out.push(Pick::Pile);
        }
    }

    /// Carries the turn on until a decision is due: pending effects in
    /// order, then the due actions (one is carried out without asking),
    /// then the end of the turn and the next turn.
    fn carry_on(&self, st: &mut State) {
        loop {
            if st.phase == Phase::Over {
                return;
            }
            let seat = st.table.current;
            let pending = {
                let p = &mut st.table.cities[seat].abilities.pending;
                (!p.is_empty()).then(|| p.remove(0))
            };
            if let Some(p) = pending {
                if self.pending(st, p) {
                    return;
                }
                continue;
            }
            // How many actions are due, and the first: one is carried
            // out, more ask the player.
            let (mut due, mut first) = (0usize, None);
            self.each_action(&st.table, |mv| {
                due += 1;
                first.get_or_insert(mv);
            });
            match (due, first) {
                (1, Some(only)) => {
                    self.act(st, &only);
                    continue;
                }
                (0, _) | (_, None) => {}
                _ => {
                    st.phase = Phase::Act;
                    return;
                }
            }
            if self.end_turn(st) {
                return;
            }
            if self.begin_turn(st) {
                return;
            }
        }
    }

    /// Carries out a build or a science trade.
    fn act(&self, st: &mut State, mv: &Move) {
        let seat = st.table.current;
        match *mv {
            Move::Build { piece, pay } => self.build(&mut st.table, seat, piece, &pay),
            Move::Science { symbols, pair } => self.science(&mut st.table, seat, symbols, pair),
            _ => {}
        }
    }

    /// The end of the turn: a battle if one was started, then the end of
    /// the game if the seat whose turn it is has finished its wonder
    /// ("Cuando alguien termine de construir su Maravilla, la partida
    /// terminará cuando acabe el turno de esa persona"; stages are built on
    /// their owner's turn only) — or if every deck is empty (not said,
    /// UNCERTAIN: nobody could take a card again; X ends the game then).
    /// True if the game is over.
    fn end_turn(&self, st: &mut State) -> bool {
        let t = &mut st.table;
        if t.battle {
            self.battle(t);
        }
        t.peek = None;
        if self.finished(t, t.current) || t.decks_empty() {
            st.phase = Phase::Over;
            return true;
        }
        // The next seat (no division: this runs every turn).
        t.current = if t.current + 1 < t.seats() {
            t.current + 1
        } else {
            0
        };
        false
    }

    /// The start of the current seat's turn: the cat's holder looks at the
    /// central card ("al comienzo de tu turno … mirar la carta superior del
    /// mazo central"). True if the seat has a choice of card; with one deck
    /// left it takes that one, with none it takes nothing.
    fn begin_turn(&self, st: &mut State) -> bool {
        let t = &mut st.table;
        let seat = t.current;
        t.turns += 1;
        t.used = [0; 4];
        t.used_any = 0;
        t.used_coin = 0;
        t.peek = match (t.cat, t.central.last()) {
            (Some(c), Some(&top)) if c == seat => Some((top, t.central.len())),
            _ => None,
        };
        match t.open_first(seat, TURN_DECKS) {
            (0, _) | (_, None) => false,
            (1, Some(d)) => {
                self.take(&mut st.table, seat, d);
                false
            }
            _ => {
                st.phase = Phase::Take;
                true
            }
        }
    }

    /// The score of every seat as things stand ("Final de la partida"):
    /// the stages built, blue cards and progress tokens (their game-end
    /// effects), military victory tokens and the cat.
    pub fn score(&self, t: &Table) -> Vec<Score> {
        let cat = |c: Category| usize::from(c.0) % MAX_CAT;
        let ncat = self.info.categories.len().min(MAX_CAT);
        (0..t.seats())
            .map(|seat| {
                let me = &t.cities[seat];
                let mut h = ScoreHost::new(me, &t.cities, seat);
                if me.listening & Listens::GAME_END != 0 {
                    run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
                }
                let mut points = h.vp;
                points[cat(self.cats.military)] += me.victories as i32 * self.victory_vp;
                if t.cat == Some(seat) {
                    points[cat(self.cats.cat)] += i32::from(self.info.cat_vp);
                }
                Score {
                    points,
                    total: points[..ncat].iter().sum(),
                    coins: me.coins,
                    copied: Vec::new(),
                }
            })
            .collect()
    }

    /// The result: the best total wins; ties go to the most stages built,
    /// then are shared ("En caso de empate, gana quien haya construido más
    /// Etapas … Si sigue habiendo empate, … comparten la victoria").
    pub fn result(&self, t: &Table) -> Outcome {
        let scores = self.score(t);
        let winners = crate::game::best_seats(
            scores
                .iter()
                .zip(&t.cities)
                .map(|(s, c)| (s.total, c.stages)),
        );
        Outcome {
            scores,
            winners,
            victory: POINTS,
        }
    }

    /// An empty table for `wonders` (one per seat), nothing dealt.
    pub fn empty(&self, wonders: &[u8]) -> State {
        let mut st = State {
            table: Table::default(),
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
        t.clone_from(&Table::default());
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

    /// A state fit for previews: what `seat` cannot see is gone (the cards
    /// under each deck's top, the central deck but a card the cat let it see,
    /// the face-down tokens, others' looked-at cards, the box), and the
    /// random stream is a fixed one.
    /// Made in `m` (any state of this game: overwritten, its buffers
    /// reused).
    fn masked_into(&self, st: &State, seat: usize, m: &mut State) {
        m.clone_from(st);
        let t = &mut m.table;
        for d in &mut t.decks {
            let n = d.len();
            for c in d.iter_mut().take(n.saturating_sub(1)) {
                *c = UNKNOWN;
            }
        }
        let seen = peek_seen(&st.table, seat);
        for c in &mut t.central {
            *c = UNKNOWN;
        }
        if let (Some(c), Some(top)) = (seen, t.central.last_mut()) {
            *top = c;
        }
        for k in &mut t.pile {
            *k = UNKNOWN_TOKEN;
        }
        if seat != t.current {
            for c in &mut t.looking {
                *c = UNKNOWN;
            }
        }
        t.boxed.clear();
        m.rng = Rng::new(0);
    }

    /// Scenario and sheet helper: carries on from the position as it is
    /// (pending effects, due actions) as if the current seat had just
    /// taken its card.
    pub fn resume(&self, st: &mut State) {
        st.phase = Phase::Act;
        self.carry_on(st);
    }
}

/// The decks a turn's card comes from: "La carta superior del mazo que
/// tienes justo a tu izquierda … a tu derecha … del mazo central".
pub const TURN_DECKS: Decks = Decks(Decks::LEFT | Decks::RIGHT | Decks::CENTRAL);

/// The central card `seat` may see: the cat's look at the start of its
/// turn, while that card is still on top.
pub fn peek_seen(t: &Table, seat: usize) -> Option<CardId> {
    match t.peek {
        Some((c, len)) if seat == t.current && t.central.len() == len => Some(c),
        _ => None,
    }
}

/// `3 different`, `2 identical`.
pub fn pattern_text(p: Pattern) -> String {
    let kind = if p.identical {
        "identical"
    } else {
        "different"
    };
    format!("{} {kind}", p.count)
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The coin cards that pay `m` missing units with `coins` of them, and
/// whether one counted `value` (Economy, usable when `econ`: only where
/// that saves a card); `None` if they cannot.
fn coin_cards(m: usize, econ: bool, value: u8, coins: u8) -> Option<(u8, bool)> {
    let double = econ && m >= 2;
    let cards = if double {
        m.saturating_sub(usize::from(value) - 1).max(1)
    } else {
        m
    };
    (cards <= usize::from(coins)).then_some((cards as u8, double))
}

/// Calls `f` with every subset of `items` (at most 16) of size `k`, in
/// order.
fn for_subsets(items: &[usize], k: usize, f: &mut impl FnMut(&[usize])) {
    fn go(
        items: &[usize],
        k: usize,
        start: usize,
        cur: &mut [usize; 16],
        len: usize,
        f: &mut impl FnMut(&[usize]),
    ) {
        if len == k {
            f(&cur[..len]);
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - len {
                break;
            }
            cur[len] = items[i];
            go(items, k, i + 1, cur, len + 1, f);
        }
    }
    if items.len() > 16 || k > items.len() {
        return;
    }
    // All of them, the one subset, most often: without the recursion.
    if k == items.len() {
        f(items);
    } else {
        go(items, k, 0, &mut [0; 16], 0, f);
    }
}

/// Calls `f` with every way to take `left` units from `held` resources
/// (at most `res[r]` of each), from index `i` on.
fn multisets(
    held: &[usize],
    res: &[u8; MAX_RES],
    left: usize,
    i: usize,
    used: &mut [u8; MAX_RES],
    f: &mut impl FnMut(&[u8; MAX_RES]),
) {
    if left == 0 {
        f(used);
        return;
    }
    let Some(&r) = held.get(i) else {
        return;
    };
    let most = usize::from(res[r]).min(left);
    for take in (0..=most).rev() {
        used[r] = take as u8;
        multisets(held, res, left - take, i + 1, used, f);
    }
    used[r] = 0;
}

impl Game for Architects {
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
                let mut kinds: Vec<CardId> = t.looking.clone();
                kinds.sort_unstable();
                kinds.dedup();
                out.extend(kinds.into_iter().map(Move::Keep));
            }
            Phase::Token => {
                let mut picks = Vec::new();
                self.picks(t, &mut picks);
                out.extend(picks.into_iter().map(Move::Token));
            }
            Phase::Act => self.actions(t, out),
            Phase::Over => {}
        }
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
        }
    }

    fn greedy(&self, view: &View<'_>, moves: &[Move]) -> usize {
        greedy::choose(view, moves)
    }

    fn victories(&self) -> &'static [&'static str] {
        &VICTORIES
    }

    fn tags(&self, st: &State, seat: usize, out: &mut Vec<&'static str>) {
        if let Some(&w) = st.table.wonders.get(seat) {
            out.push(self.wonder_name(w));
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

    fn built<'s>(&self, st: &'s State, seat: usize) -> &'s [CardId] {
        st.table.cities.get(seat).map_or(&[], |c| &c.cards[..])
    }

    /// The wonder and the progress tokens held.
    fn played_with(&self, st: &State, seat: usize, out: &mut Vec<(&'static str, String)>) {
        if let Some(&w) = st.table.wonders.get(seat) {
            out.push(("wonder", self.wonder_name(w).to_string()));
        }
        for &k in st.table.tokens.get(seat).map_or(&[][..], |v| &v[..]) {
            out.push(("progress", self.token_name(k).to_string()));
        }
    }
}

/// What one seat may see: every city and what it holds (cards in front of
/// a player are public), the stages built, the tokens held and face up,
/// the conflict tokens, the cat, the discard pile, each deck's size and the
/// top card of each wonder deck (face up). The central deck's top only when
/// the cat let this seat look at it this turn; the cards it looks at (its
/// own Halicarnassus); never the cards under a deck's top, the face-down
/// tokens or the box.
#[derive(Clone, Copy)]
pub struct View<'a> {
    game: &'a Architects,
    state: &'a State,
    seat: usize,
}

impl<'a> View<'a> {
    pub fn rules(&self) -> &'a Architects {
        self.game
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn phase(&self) -> Phase {
        self.state.phase
    }
    pub fn table(&self) -> &'a Table {
        &self.state.table
    }
    pub fn current(&self) -> usize {
        self.state.table.current
    }
    pub fn cities(&self) -> &'a [City] {
        &self.state.table.cities
    }
    /// The top card of a wonder deck (face up), if any.
    pub fn top(&self, seat: usize) -> Option<CardId> {
        self.state
            .table
            .decks
            .get(seat)
            .and_then(|d| d.last().copied())
    }
    /// The central card this seat may see.
    pub fn central_top(&self) -> Option<CardId> {
        peek_seen(&self.state.table, self.seat)
    }
    /// The cards this seat is looking at.
    pub fn looking(&self) -> &'a [CardId] {
        if self.seat == self.current() {
            &self.state.table.looking
        } else {
            &[]
        }
    }
    /// A state for previews: only what this seat sees, made in `m` (any
    /// state of this game: overwritten, its buffers reused).
    fn masked_into(&self, m: &mut State) {
        self.game.masked_into(self.state, self.seat, m);
    }
}

impl PartialEq for View<'_> {
    fn eq(&self, o: &Self) -> bool {
        let (a, b) = (self.table(), o.table());
        self.seat == o.seat
            && self.phase() == o.phase()
            && a.current == b.current
            && a.cities == b.cities
            && a.wonders == b.wonders
            && a.built == b.built
            && a.tokens == b.tokens
            && a.face_up == b.face_up
            && a.pile.len() == b.pile.len()
            && (a.conflict, a.war, a.battle) == (b.conflict, b.war, b.battle)
            && a.cat == b.cat
            && a.discard == b.discard
            && a.turns == b.turns
            && (a.used, a.used_any, a.used_coin) == (b.used, b.used_any, b.used_coin)
            && a.decks
                .iter()
                .map(Vec::len)
                .eq(b.decks.iter().map(Vec::len))
            && (0..a.decks.len()).all(|s| self.top(s) == o.top(s))
            && a.central.len() == b.central.len()
            && self.central_top() == o.central_top()
            && a.looking.len() == b.looking.len()
            && self.looking() == o.looking()
            && a.looked == b.looked
    }
}

impl fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.table();
        let tops: Vec<Option<CardId>> = (0..t.decks.len()).map(|s| self.top(s)).collect();
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("phase", &self.phase())
            .field("current", &t.current)
            .field("cities", &t.cities)
            .field("built", &t.built)
            .field("tokens", &t.tokens)
            .field("face_up", &t.face_up)
            .field("pile", &t.pile.len())
            .field("war", &(t.war, t.conflict, t.battle))
            .field("cat", &t.cat)
            .field("discard", &t.discard)
            .field("tops", &tops)
            .field("central", &(t.central.len(), self.central_top()))
            .field("looking", &self.looking())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::for_subsets;

    /// Every subset of size `k`, in order, against the subsets of bit
    /// masks sorted: none missed, none twice, the order kept (the order of
    /// the due actions, which a seeded game follows).
    #[test]
    fn for_subsets_gives_every_subset_of_its_size_in_order() {
        for n in 0..=6usize {
            let items: Vec<usize> = (0..n).map(|i| 10 + 3 * i).collect();
            for k in 0..=n + 1 {
                let mut got = Vec::new();
                for_subsets(&items, k, &mut |set| got.push(set.to_vec()));
                let mut want: Vec<Vec<usize>> = (0u32..1 << n)
                    .filter(|m| m.count_ones() as usize == k)
                    .map(|m| {
                        (0..n)
                            .filter(|&i| m & (1 << i) != 0)
                            .map(|i| items[i])
                            .collect()
                    })
                    .collect();
                want.sort();
                assert_eq!(got, want, "{n} items, size {k}");
            }
        }
        let many: Vec<usize> = (0..17).collect();
        let mut called = false;
        for_subsets(&many, 17, &mut |_| called = true);
        assert!(!called, "more than 16 items give nothing");
    }
}
