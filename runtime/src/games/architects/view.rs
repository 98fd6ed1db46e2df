//! What one seat sees ([`View`]), and the masked state previews and
//! determinization start from.

use std::fmt;

use sevenw_host::CardId;

use crate::engine::city::City;
use crate::engine::rng::Rng;

use super::{Architects, Phase, Position, State, UNKNOWN, UNKNOWN_TOKEN, peek_seen};

impl Architects {
    /// A state fit for previews: what `seat` cannot see is gone (the cards
    /// under each deck's top, the central deck but a card the cat let it see,
    /// the face-down tokens, others' looked-at cards, the box), and the
    /// random stream is a fixed one.
    /// Made in `m` (any state of this game: overwritten, its buffers
    /// reused).
    pub(super) fn masked_into(&self, st: &State, seat: usize, m: &mut State) {
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
    pub(super) game: &'a Architects,
    pub(super) state: &'a State,
    pub(super) seat: usize,
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
    pub fn table(&self) -> &'a Position {
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
    pub(super) fn masked_into(&self, m: &mut State) {
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
