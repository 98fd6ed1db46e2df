//! What one seat sees, as a JSON document for a user interface
//! ([`crate::table::Show`]).
//!
//! The document ([`Architects::show`]), built from [`View`] only (the
//! parts of the table its equality compares):
//!
//! ```text
//! {
//!   "seat": 2 | null,               // whose document (null: a spectator)
//!   "phase": "take a card" | "take an extra card" | "choose a deck to look at"
//!          | "keep a card" | "take a progress token" | "build or trade" | "over",
//!   "to_move": 2 | null,            // the seat deciding (null: over)
//!   "current": 2,                   // whose turn it is
//!   "turns": 14,                    // turns begun
//!   "seats": [ {                    // one per seat, clockwise
//!     "seat": 0,
//!     "wonder": { "id": 1, "name": "Giza",
//!                 "built": [true, false, …],   // per stage
//!                 "stages_built": 1, "stages": 5 },
//!     "deck": { "size": 9, "top": CARD | null },  // its wonder's deck,
//!                                   // between it and its left neighbour
//!     "cards": [ { "colour": "grey", "cards": [CARD] } ],  // by colour
//!     "coins": 3, "shields": 2,
//!     "tokens": [TOKEN],            // progress tokens held
//!     "cat": false,                 // it holds the cat
//!     "declared_tokens": { "honour": 2 } } ],  // only when the card sets
//!                                   // declare kinds of token (`tokens:`)
//!   "central": { "size": 40,
//!                "top": CARD | null },  // only when the cat let this seat
//!                                       // look at it this turn
//!   "looking": { "deck": 3 | "central", // the deck being looked at
//!                "count": 3,            // cards looked at
//!                "cards": [CARD] | null } | null,  // cards: the seat's own
//!   "progress": { "face_up": [TOKEN], "pile": 9 },  // pile: face down
//!   "conflict": { "tokens": 3, "war": 1, "peace": 2,
//!                 "battle": false },     // the last one turned this turn
//!   "cat": 1 | null,                     // the seat holding the cat
//!   "discard": [CARD]                    // face up, the top last
//! }
//! CARD  = { "id": 12, "name": "Wood", "colour": "grey", "age": 0 }  // no Ages: 0
//! TOKEN = { "id": 2, "name": "Economy" }
//! ```

use serde_json::{Value, json};
use sevenw_host::CardId;

use crate::game::Game;
use crate::table::Show;

use super::{Architects, Deck, Move, Phase, Pick, State, View, peek_seen};

impl Architects {
    fn card_json(&self, c: CardId) -> Value {
        crate::table::card_json(self.info, c)
    }

    fn token_json(&self, k: u8) -> Value {
        json!({ "id": k, "name": self.token_name(k) })
    }

    /// Cards grouped by colour ([`crate::table::by_colour`]).
    fn by_colour(&self, cards: &[CardId]) -> Value {
        crate::table::by_colour(self.info, cards)
    }

    fn phase_words(phase: Phase) -> &'static str {
        match phase {
            Phase::Take => "take a card",
            Phase::Extra { top, .. } if top > 1 => "choose a deck to look at",
            Phase::Extra { .. } => "take an extra card",
            Phase::Keep => "keep a card",
            Phase::Token => "take a progress token",
            Phase::Act => "build or trade",
            Phase::Option => "choose an option of what was built or taken",
            Phase::Over => "over",
        }
    }

    fn show_view(&self, v: &View<'_>, spectator: bool) -> Value {
        let t = v.table();
        let seats: Vec<Value> = (t.cities.iter().enumerate())
            .map(|(s, c)| {
                let w = t.wonders.get(s).copied().unwrap_or(0);
                let total = self.stages(w).len();
                let bits = t.built.get(s).copied().unwrap_or(0);
                let built: Vec<bool> = (0..total).map(|i| bits & (1 << i) != 0).collect();
                let held: Vec<Value> = (t.tokens.get(s).map_or(&[][..], |k| &k[..]))
                    .iter()
                    .map(|&k| self.token_json(k))
                    .collect();
                let mut seat = json!({
                    "seat": s,
                    "wonder": {
                        "id": w,
                        "name": self.wonder_name(w),
                        "built": built,
                        "stages_built": bits.count_ones(),
                        "stages": total,
                    },
                    "deck": {
                        "size": t.decks.get(s).map_or(0, Vec::len),
                        "top": v.top(s).map(|x| self.card_json(x)),
                    },
                    "cards": self.by_colour(&c.cards),
                    "coins": c.coins,
                    "shields": c.shields,
                    "tokens": held,
                    "cat": t.cat == Some(s),
                });
                let own = (!spectator && s == v.seat()) || matches!(v.phase(), Phase::Over);
                crate::tokens::show(self.info, c, own, &mut seat);
                seat
            })
            .collect();
        let central_top = if spectator { None } else { v.central_top() };
        let looking = t.looked.map(|d| {
            let deck = match d {
                Deck::Seat(s) => json!(s),
                Deck::Central => json!("central"),
            };
            let own = !spectator && v.seat() == v.current();
            let cards: Option<Vec<Value>> =
                own.then(|| v.looking().iter().map(|&c| self.card_json(c)).collect());
            json!({ "deck": deck, "count": t.looking.len(), "cards": cards })
        });
        let face_up: Vec<Value> = t.face_up.iter().map(|&k| self.token_json(k)).collect();
        let discard: Vec<Value> = t.discard.iter().map(|&c| self.card_json(c)).collect();
        let over = matches!(v.phase(), Phase::Over);
        json!({
            "seat": if spectator { None } else { Some(v.seat()) },
            "phase": Self::phase_words(v.phase()),
            "to_move": if over { None } else { Some(v.current()) },
            "current": v.current(),
            "turns": t.turns,
            "seats": seats,
            "central": {
                "size": t.central.len(),
                "top": central_top.map(|c| self.card_json(c)),
            },
            "looking": looking,
            "progress": { "face_up": face_up, "pile": t.pile.len() },
            "conflict": {
                "tokens": t.conflict,
                "war": t.war,
                "peace": t.conflict.saturating_sub(t.war),
                "battle": t.battle,
            },
            "cat": t.cat,
            "discard": discard,
        })
    }
}

impl Show for Architects {
    /// See the module's documentation for the document.
    fn show(&self, state: &State, seat: Option<usize>) -> Value {
        let v = self.view(state, seat.unwrap_or(0));
        self.show_view(&v, seat.is_none())
    }

    /// `{kind, deck, card, token, stage}`: what a page needs to offer
    /// `mv` on the thing it acts on. `kind` is `take` (`deck`: the seat
    /// whose wonder's deck, or "central"; while looking at top cards,
    /// the deck to look at), `keep` (`card`: one of the cards the seat to
    /// move looks at, the only seat offered its moves), `token` (`token`:
    /// a face-up one, `null` for the top of the pile), `stage` (`stage`:
    /// from 1) or `science`; `None` for an option (its words say it).
    fn move_about(&self, _state: &State, mv: &Move) -> Option<Value> {
        Some(match *mv {
            Move::Take(Deck::Seat(s)) => json!({ "kind": "take", "deck": s }),
            Move::Take(Deck::Central) => json!({ "kind": "take", "deck": "central" }),
            Move::Keep(c) => json!({ "kind": "keep", "card": c.0 }),
            Move::Token(Pick::Up(k)) => json!({ "kind": "token", "token": k }),
            Move::Token(Pick::Pile) => json!({ "kind": "token", "token": null }),
            Move::Build { piece, .. } => json!({ "kind": "stage", "stage": u32::from(piece) + 1 }),
            Move::Science { .. } => json!({ "kind": "science" }),
            Move::Option(_) => return None,
        })
    }

    /// An option is told with what it does.
    fn move_words(&self, state: &State, mv: &Move) -> String {
        match (state.table.asked.first(), *mv) {
            (Some(&source), Move::Option(o)) => {
                crate::engine::vocab::option_words(self.info, source, o)
            }
            _ => self.describe_in(state, mv),
        }
    }

    // `told_others`: the default. A card taken from the central deck goes
    // in front of its taker (public), and the move's words do not name
    // it; a card kept of those looked at goes there too; cards spent on a
    // stage go to the face-up discard pile. No move hides a card it names.

    /// The cards under each deck's top, the central deck (but a top the
    /// cat showed this seat), the cards another seat looks at, the box.
    fn secrets(&self, state: &State, seat: Option<usize>) -> Vec<CardId> {
        let t = &state.table;
        let mut out = Vec::new();
        for d in &t.decks {
            out.extend_from_slice(&d[..d.len().saturating_sub(1)]);
        }
        let peeked = seat.and_then(|s| peek_seen(t, s)).is_some();
        out.extend_from_slice(&t.central[..t.central.len() - usize::from(peeked)]);
        if seat != Some(t.current) {
            out.extend_from_slice(&t.looking);
        }
        out.extend_from_slice(&t.boxed);
        out
    }

    /// Every city, each wonder deck's top, the discard pile, and for a
    /// seat the central top the cat showed it and the cards it looks at.
    fn seen(&self, state: &State, seat: Option<usize>) -> Vec<CardId> {
        let t = &state.table;
        let mut out: Vec<CardId> = t.decks.iter().filter_map(|d| d.last().copied()).collect();
        for c in &t.cities {
            out.extend_from_slice(&c.cards);
        }
        out.extend_from_slice(&t.discard);
        if let Some(s) = seat {
            out.extend(peek_seen(t, s));
            if s == t.current {
                out.extend_from_slice(&t.looking);
            }
        }
        out
    }
}
