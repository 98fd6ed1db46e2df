//! What one seat sees ([`View`]), and determinization: a state that seat
//! cannot tell from the real one, what it cannot see dealt again.

use sevenw_host::CardId;

use crate::engine::city::City;
use crate::engine::rng::Rng;
use crate::game::redeal;
use std::fmt;

use super::{Base, Phase, Project, Seat, State};

/// Determinization: what one seat cannot see, dealt again.
impl Base {
    /// Whether `c` is a card the guild rule draws (a guild of its Age).
    fn is_guild(&self, c: CardId) -> bool {
        let card = &self.info.cards[usize::from(c.0)];
        self.info
            .guilds
            .is_some_and(|r| r.age == card.age && r.colour == card.colour)
    }

    /// See [`Game::determinize`](crate::game::Game::determinize). Hidden from `seat`: the other hands (Age,
    /// drafted and draft), the cards under the other stages, the discard
    /// pile (face down, but while `seat` builds from it), the box, the
    /// projects of the Ages to come, the other seats' choices this turn
    /// and the random stream (the Ages to come). The cards are dealt again
    /// by Age, the box keeping as many guilds as it holds (the guilds not
    /// drawn: a count the rules make public); the pending choices are
    /// chosen again at random among the new hands' moves.
    pub(super) fn sample_into(&self, st: &State, seat: usize, rng: &mut Rng, d: &mut State) {
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
        // A payment being chosen is its seat's own decision.
        if crate::game::Game::to_move(self, st) != Some(seat) {
            d.paying = None;
        }
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

/// What one seat may see: its own hand, its own drafted cards and draft
/// hand, and the cards under its own stages, every city (built cards, coins,
/// tokens, entombed cards and what they grant are public) and what every
/// seat holds beside it (Edifice's pawns and debt tokens), the projects of
/// the Ages begun (Edifice), how many cards
/// each hand and the discard pile hold, and the discard pile itself only
/// while this seat chooses a card from it. Other hands (Age, drafted, draft),
/// other stages' cards, the cards not yet dealt, the box and the choices of
/// the other seats this turn are not in it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(super) base: &'a Base,
    pub(super) state: &'a State,
    pub(super) seat: usize,
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
    /// The card action this seat is choosing how to pay, if it is.
    pub fn paying(&self) -> Option<super::Move> {
        let own = crate::game::Game::to_move(self.base, self.state) == Some(self.seat);
        self.state.paying.filter(|_| own)
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
    /// What every seat holds beside its city (pawns and debt: public).
    pub fn seats(&self) -> &'a [Seat] {
        &self.state.table.seats
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
    /// The projects of the Ages begun, face up (Edifice): where each
    /// stands. Those of the Ages to come are not in the view.
    pub fn projects(&self) -> impl Iterator<Item = &'a Project> + 'a {
        let age = self.state.table.age;
        self.state
            .table
            .projects
            .iter()
            .filter(move |p| p.age <= age)
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
            && self.seats() == o.seats()
            && self.stage_cards() == o.stage_cards()
            && self.discard_len() == o.discard_len()
            && self.discard() == o.discard()
            && self.side() == o.side()
            && self.drafting() == o.drafting()
            && self.recruiting() == o.recruiting()
            && self.paying() == o.paying()
            && self.projects().eq(o.projects())
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
            .field("seats", &self.seats())
            .field("stage_cards", &self.stage_cards())
            .field("discard_len", &self.discard_len())
            .field("discard", &self.discard())
            .field("side", &self.side())
            .field("drafting", &self.drafting())
            .field("recruiting", &self.recruiting())
            .finish()
    }
}
