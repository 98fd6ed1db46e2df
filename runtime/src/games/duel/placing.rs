//! Cards laid face down on a board by the tokens a city takes (a kind of
//! token's `places:`, as Pantheon's Mythology tokens,
//! duel-expansions-facts.md §1.3): the city draws cards of the kind's
//! colour at random from the boards' supply, keeps one and lays it face
//! down on an empty space of the kind's board, the others going back to
//! the supply. Only that city's player knows the card; every face-down
//! card of a board turns face up at the start of each Age the board is
//! open in (Pantheon's divinities at the start of Age II, §1.4), and a
//! face-down card cannot be taken.
//!
//! Choices made here: the facts' Mythology deck is kept as the supply of
//! its colour, drawn at random, so the card not kept goes back among the
//! others rather than on top of a deck (the same draws for Pantheon's
//! decks of three, drawn twice at most); a token taken with no empty
//! space on its board, or no card of its colour left, lays nothing (the
//! facts leave a short deck UNCERTAIN, §1.13 item 4; this draws what is
//! there).

use sevenw_host::CardId;

use crate::engine::rng::Rng;
use crate::game::redeal;

use super::{Choice, Duel, Move, Phase, Position, State};

impl Duel {
    /// `n` tokens of kind `kind` just went to `seat`: as many cards to lay
    /// where the kind lays one (asked by [`Duel::next_placing`]).
    pub(super) fn took_tokens(&self, t: &mut Position, seat: usize, kind: usize, n: u64) {
        let places = self.info.tokens.get(kind).and_then(|k| k.places);
        if places.is_some() && self.board_named(kind).is_some() {
            let n = n.min(8) as usize;
            t.to_place
                .extend(std::iter::repeat_n((seat as u8, kind as u8), n));
        }
    }

    /// The board a kind of token lays on, by its index, where that board
    /// is in play.
    pub(super) fn board_named(&self, kind: usize) -> Option<usize> {
        self.laid_on.get(kind).copied().flatten()
    }

    /// The spaces of board `b`, numbered with every board's.
    pub(super) fn spaces_of(&self, b: usize) -> std::ops::Range<usize> {
        let first: usize = (self.info.boards.iter().take(b))
            .map(|x| x.spaces.len())
            .sum();
        first..first + self.info.boards.get(b).map_or(0, |x| x.spaces.len())
    }

    /// The next card to lay: draws for it and asks its city (`true`), or
    /// lays nothing when its board has no empty space or its colour no
    /// card left (`false`); `None` when none waits.
    pub(super) fn next_placing(&self, st: &mut State) -> Option<bool> {
        let t = &mut st.table;
        if t.to_place.is_empty() {
            return None;
        }
        let (seat, kind) = t.to_place.remove(0);
        let (Some(b), Some(p)) = (
            self.board_named(usize::from(kind)),
            self.info
                .tokens
                .get(usize::from(kind))
                .and_then(|k| k.places),
        ) else {
            return Some(false);
        };
        if !self.spaces_of(b).any(|s| t.spaces.get(s) == Some(&None)) {
            return Some(false);
        }
        let of = |c: &CardId| {
            (self.info.cards.get(usize::from(c.0))).is_some_and(|i| i.colour == p.colour)
        };
        t.drawn_cards.clear();
        for _ in 0..p.draw {
            let n = t.supply.iter().filter(|c| of(c)).count();
            if n == 0 {
                break;
            }
            let k = st.rng.below(n);
            if let Some(at) = (t.supply.iter().enumerate())
                .filter(|(_, c)| of(c))
                .nth(k)
                .map(|(i, _)| i)
            {
                t.drawn_cards.push(t.supply.remove(at));
            }
        }
        if t.drawn_cards.is_empty() {
            return Some(false);
        }
        st.phase = Phase::Choose {
            seat: usize::from(seat),
            choice: Choice::Place { board: b as u8 },
        };
        Some(true)
    }

    /// The moves of a [`Choice::Place`]: each card drawn, on each empty
    /// space of the board.
    pub(super) fn place_moves(&self, t: &Position, board: u8, out: &mut Vec<Move>) {
        for space in self.spaces_of(usize::from(board)) {
            if t.spaces.get(space) == Some(&None) {
                out.extend(t.drawn_cards.iter().map(|&card| Move::Place {
                    card,
                    space: space as u8,
                }));
            }
        }
    }

    /// `seat` lays `card`, drawn, face down on `space` of board `board`;
    /// the other cards drawn go back to the supply. `false`, and nothing
    /// changed, when `card` was not drawn or `space` is not an empty space
    /// of that board.
    pub(super) fn lay(
        &self,
        t: &mut Position,
        seat: usize,
        board: u8,
        card: CardId,
        space: usize,
    ) -> bool {
        if !t.drawn_cards.contains(&card)
            || t.spaces.get(space) != Some(&None)
            || !self.spaces_of(usize::from(board)).contains(&space)
        {
            return false;
        }
        t.spaces[space] = Some(card);
        t.down[space] = 1 + seat.min(1) as u8;
        for c in std::mem::take(&mut t.drawn_cards) {
            if c != card {
                let i = t.supply.partition_point(|x| x.0 < c.0);
                t.supply.insert(i, c);
            }
        }
        true
    }

    /// The start of Age `age`: the face-down cards of every board open in
    /// it turn face up.
    pub(super) fn reveal_boards(&self, t: &mut Position, age: u8) {
        for (b, info) in self.info.boards.iter().enumerate() {
            if info.open.contains(&age) {
                for s in self.spaces_of(b) {
                    if let Some(d) = t.down.get_mut(s) {
                        *d = 0;
                    }
                }
            }
        }
    }

    /// Whether `seat` knows the card on `space`: face up, or laid face
    /// down by it.
    pub fn sees_space(t: &Position, space: usize, seat: usize) -> bool {
        match t.down.get(space) {
            Some(&d) => d == 0 || usize::from(d) == 1 + seat.min(1),
            None => false,
        }
    }

    /// The cards on the boards' spaces and drawn for a choice that `seat`
    /// (a spectator for `None`) knows (`known`) or does not: face up, or
    /// laid face down or drawn by that seat.
    pub(super) fn board_cards(
        &self,
        st: &State,
        seat: Option<usize>,
        known: bool,
        out: &mut Vec<CardId>,
    ) {
        let t = &st.table;
        let mine = |d: u8| seat.is_some_and(|s| usize::from(d) == 1 + s.min(1));
        for (c, &d) in t.spaces.iter().zip(&t.down) {
            if let Some(c) = c
                && (d == 0 || mine(d)) == known
            {
                out.push(*c);
            }
        }
        // Cards drawn: the chooser's alone to see, or everyone's (drawn
        // for all to see, the Gate's: a spectator too).
        let sees = match st.phase {
            Phase::Choose {
                seat: s,
                choice: Choice::Place { .. } | Choice::Summon { public: false },
            } => seat == Some(s),
            Phase::Choose {
                choice: Choice::Summon { public: true },
                ..
            } => true,
            _ => false,
        };
        if sees == known {
            out.extend_from_slice(&t.drawn_cards);
        }
    }

    /// Deals anew the cards of the boards `seat` does not know among the
    /// places they may be, each keeping its colour: the supply, the
    /// spaces the opponent laid face down, and the cards drawn for the
    /// opponent's choice. At random with `rng` (a determinization);
    /// without, in a fixed order that depends only on what `seat` sees (a
    /// masked state: each unknown card the first of its colour among
    /// them, by id), so that two states it cannot tell apart mask alike.
    pub(super) fn redeal_unseen(&self, st: &mut State, seat: usize, rng: Option<&mut Rng>) {
        let own_draw = match st.phase {
            Phase::Choose {
                seat: s,
                choice: Choice::Place { .. } | Choice::Summon { public: false },
            } => s == seat.min(1),
            Phase::Choose {
                choice: Choice::Summon { public: true },
                ..
            } => true,
            _ => false,
        };
        let t = &mut st.table;
        let unseen: Vec<usize> = (0..t.spaces.len())
            .filter(|&s| t.spaces[s].is_some() && !Self::sees_space(t, s, seat))
            .collect();
        if unseen.is_empty() && (own_draw || t.drawn_cards.is_empty()) {
            return;
        }
        let mut laid: Vec<CardId> = unseen.iter().filter_map(|&s| t.spaces[s]).collect();
        let colour = |c: CardId| self.info.cards.get(usize::from(c.0)).map(|i| i.colour.0);
        {
            let mut slots: Vec<&mut [CardId]> = vec![&mut t.supply, &mut laid];
            if !own_draw {
                slots.push(&mut t.drawn_cards);
            }
            match rng {
                Some(rng) => redeal(&mut slots, colour, rng),
                None => first_of_colour(&mut slots, colour),
            }
        }
        for (&s, &c) in unseen.iter().zip(&laid) {
            t.spaces[s] = Some(c);
        }
        t.supply.sort_unstable();
    }
}

/// Every card of `slots[1..]` becomes the first card of its colour (by
/// id) among all of `slots`; `slots[0]` keeps the rest, in order.
fn first_of_colour<K: Ord>(slots: &mut [&mut [CardId]], key: impl Fn(CardId) -> K) {
    let mut pool: Vec<CardId> = slots.iter().flat_map(|s| s.iter().copied()).collect();
    pool.sort_unstable();
    let (rest, hidden) = slots.split_at_mut(1);
    for slot in hidden.iter_mut() {
        for c in slot.iter_mut() {
            let k = key(*c);
            if let Some(i) = pool.iter().position(|&p| key(p) == k) {
                *c = pool.remove(i);
            }
        }
    }
    for (c, p) in rest[0].iter_mut().zip(pool) {
        *c = p;
    }
}
