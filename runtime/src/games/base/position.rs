//! The position: [`Position`] (the cities, what each seat holds beside
//! its city, the hands, the discard pile and the box, the projects of
//! Edifice, the Age and the turn, and the Leaders draft).

use sevenw_host::CardId;

use crate::engine::city::City;
use crate::engine::clone_reusing;

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

/// What a seat holds of the base family's own, beside its [`City`]
/// (Edifice's pawns; its debt tokens are a kind of token the city holds):
/// public, like the city.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// The Ages whose project it holds a participation pawn of (bit
    /// `age - 1`; Edifice).
    pub pawns: u8,
}

clone_reusing!(Seat { pawns });

impl Seat {
    /// Whether it holds a pawn of the project of `age` (from 1).
    pub fn has_pawn(&self, age: u8) -> bool {
        (1..=8).contains(&age) && self.pawns & (1 << (age - 1)) != 0
    }

    /// Takes a pawn of the project of `age` (from 1 to 8).
    pub fn add_pawn(&mut self, age: u8) {
        if (1..=8).contains(&age) {
            self.pawns |= 1 << (age - 1);
        }
    }
}

/// Cards, hands and piles of a game in progress: the position.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub cities: Vec<City>,
    /// What each seat holds beside its city (see [`Seat`]).
    pub seats: Vec<Seat>,
    pub hands: Vec<Vec<CardId>>,
    /// The cards under each city's built stages, face down, in the order
    /// they were put there; [`Position::card_under_stage`] finds one by
    /// its stage.
    pub stage_cards: Vec<Vec<CardId>>,
    /// For each card of `stage_cards`, the stage it lies under (its index
    /// on the side, from 0): public, as the stage built is.
    pub stage_under: Vec<Vec<u8>>,
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
    /// Every card each seat kept in the draft or drew to keep (a wonder's
    /// `draw`), recruited or not: kept for statistics (a leader recruited
    /// leaves `side` for the city, one used for a stage or sold goes
    /// under the wonder or to the discard).
    pub drafted: Vec<Vec<CardId>>,
    /// Whether this turn plays the drafted hands (the recruitment at the
    /// start of an Age) rather than the Age's.
    pub recruiting: bool,
}

clone_reusing!(Position {
    cities,
    seats,
    hands,
    stage_cards,
    stage_under,
    discard,
    boxed,
    returned,
    dealt,
    projects,
    age,
    turn,
    side,
    drafting,
    drafted,
    recruiting,
});

impl Position {
    /// The empty table of a new game of `n` seats, keeping the buffers of
    /// this one.
    pub(super) fn reset(&mut self, n: usize) {
        fn per_seat<T>(v: &mut Vec<Vec<T>>, n: usize) -> Vec<Vec<T>> {
            let mut v = std::mem::take(v);
            v.resize_with(n, Vec::new);
            v.iter_mut().for_each(Vec::clear);
            v
        }
        let mut cities = std::mem::take(&mut self.cities);
        let mut seats = std::mem::take(&mut self.seats);
        seats.resize_with(n, Seat::default);
        seats
            .iter_mut()
            .for_each(|s| s.clone_from(&Seat::default()));
        let hands = per_seat(&mut self.hands, n);
        let stage_cards = per_seat(&mut self.stage_cards, n);
        let stage_under = per_seat(&mut self.stage_under, n);
        let side = per_seat(&mut self.side, n);
        let drafted = per_seat(&mut self.drafted, n);
        // Every field of the default table, into this one's buffers.
        self.clone_from(&Position::default());
        // Each city is made again by `Base::new_city`.
        cities.resize_with(n, City::default);
        (self.cities, self.seats) = (cities, seats);
        (self.hands, self.stage_cards, self.side) = (hands, stage_cards, side);
        (self.drafted, self.stage_under) = (drafted, stage_under);
    }

    /// The card `seat` put under stage `stage` of its wonder (its index on
    /// the side, from 0), if that stage was built with one (a stage a
    /// scenario or a sheet gives as built has none). Whatever the order the
    /// stages were built in (a side with levels: `dsl/DSL.md`, "level").
    pub fn card_under_stage(&self, seat: usize, stage: u8) -> Option<CardId> {
        let k = (self.stage_under.get(seat)?.iter()).position(|&s| s == stage)?;
        self.stage_cards.get(seat)?.get(k).copied()
    }

    /// `seat` puts `card` under its stage `stage`, built now.
    #[inline]
    pub(super) fn put_under_stage(&mut self, seat: usize, stage: u8, card: CardId) {
        self.stage_cards[seat].push(card);
        self.stage_under[seat].push(stage);
    }
}
