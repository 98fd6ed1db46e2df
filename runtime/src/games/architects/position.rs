//! The position: [`Position`] (the cities, the decks between neighbours and
//! the central one, the progress tokens, the conflict tokens and the cat)
//! with which decks each seat reaches and which are open to it, and the
//! decks a turn's card comes from.

use crate::engine::clone_reusing;

use sevenw_host::{CardId, Decks};

use crate::engine::city::City;

use super::Deck;

/// Everything on the table: the position.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Position {
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
    /// What the seat to move built or took whose effects offer a choice
    /// (`one of`), in order: each waits for its option ([`Phase::Option`](super::Phase::Option)).
    pub asked: Vec<sevenw_host::Source>,
}

clone_reusing!(Position {
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
    asked,
});

impl Position {
    pub fn seats(&self) -> usize {
        self.cities.len()
    }

    /// The deck at `d`.
    #[inline]
    pub fn deck(&self, d: Deck) -> &[CardId] {
        match d {
            Deck::Seat(s) => self.decks.get(usize::from(s)).map_or(&[], |v| &v[..]),
            Deck::Central => &self.central,
        }
    }

    pub(super) fn deck_mut(&mut self, d: Deck) -> Option<&mut Vec<CardId>> {
        match d {
            Deck::Seat(s) => self.decks.get_mut(usize::from(s)),
            Deck::Central => Some(&mut self.central),
        }
    }

    /// The decks a seat reaches by `decks` (its left, its right, the
    /// central, every other), each once, in that order, to `f`. Inlined
    /// where it is called, with [`Position::each_open`] and
    /// [`Position::open_first`] (the legal moves and the start of each turn),
    /// as they were when they lived in the same module as their callers:
    /// called, 7-player random games cost 6% more instructions.
    #[inline]
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

    /// The decks a seat reaches by `decks` (see [`Position::each_reached`]).
    pub fn reach(&self, seat: usize, decks: Decks) -> Vec<Deck> {
        let mut out = Vec::with_capacity(4);
        self.each_reached(seat, decks, |d| out.push(d));
        out
    }

    /// Those of [`Position::reach`] that still hold a card.
    pub fn open(&self, seat: usize, decks: Decks) -> Vec<Deck> {
        let mut v = Vec::with_capacity(4);
        self.each_open(seat, decks, |d| v.push(d));
        v
    }

    /// [`Position::open`], to `f`, without a list (inlined, as
    /// [`Position::each_reached`]).
    #[inline]
    pub fn each_open(&self, seat: usize, decks: Decks, mut f: impl FnMut(Deck)) {
        self.each_reached(seat, decks, |d| {
            if !self.deck(d).is_empty() {
                f(d)
            }
        });
    }

    /// How many decks [`Position::open`] gives, and the first (inlined, as
    /// [`Position::each_reached`]).
    #[inline]
    pub(super) fn open_first(&self, seat: usize, decks: Decks) -> (usize, Option<Deck>) {
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
    pub(super) fn used_token(&self, k: u8) -> bool {
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

/// The decks a turn's card comes from: "La carta superior del mazo que
/// tienes justo a tu izquierda … a tu derecha … del mazo central".
pub const TURN_DECKS: Decks = Decks(Decks::LEFT | Decks::RIGHT | Decks::CENTRAL);

/// The central card `seat` may see: the cat's look at the start of its
/// turn, while that card is still on top.
pub fn peek_seen(t: &Position, seat: usize) -> Option<CardId> {
    match t.peek {
        Some((c, len)) if seat == t.current && t.central.len() == len => Some(c),
        _ => None,
    }
}
