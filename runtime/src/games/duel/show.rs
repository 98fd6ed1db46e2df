//! What one seat sees, as a JSON document for a user interface
//! ([`crate::table::Show`]).
//!
//! The document ([`Duel::show`]), built from [`View`] only:
//!
//! ```text
//! {
//!   "seat": 0 | 1 | null,          // whose document (null: a spectator)
//!   "age": 1,                       // 0 during the wonder draft
//!   "phase": "draft" | "play" | "choose a progress token"
//!          | "choose a drawn progress token" | "choose a card to discard"
//!          | "choose a card from the discard pile" | "choose who starts" | "over",
//!   "to_move": 0 | 1 | null,        // the seat deciding now (null: over)
//!   "current": 0,                   // whose turn it is
//!   "again": false,                 // that player plays again after it
//!   "layout": {                     // the Age's figure (empty in the draft)
//!     "rows": [2, 3, 4, 5, 6],      // cards per row, from the top
//!     "columns": 12,                // width in half cards
//!     "slots": [ {                  // one per slot, in slot order
//!       "slot": 0, "row": 0, "col": 4,   // col: half cards from the left
//!       "state": "empty" | "down" | "up",
//!       "age": 1,                   // "down" only: the Age on its back
//!       "card": CARD,               // "up" only
//!       "token": "omen",            // the kind of token on it, if any
//!       "accessible": true } ] },
//!   "conflict": {
//!     "pawn": -2,                   // < 0 toward seat 0's capital
//!     "blocker": 3,                 // a blocker's square, or null
//!     "capital": 9,                 // squares from the centre to a capital
//!     "capitals": [-9, 9],          // by seat: the square of its capital
//!     "zones": [ { "from": 1,       // from this distance from the centre,
//!                  "points": 2 } ], // the points of the one ahead, by distance
//!     "tokens": [ { "seat": 0,      // the seat whose city it loots
//!                   "at": -3,       // its square (same sign as the pawn)
//!                   "coins": 2,     // coins it loots
//!                   "card": "Token",// the card of a token that acts
//!                                   // (`military_tokens:`), or absent
//!                   "looted": false } ] },
//!   "boards": [ {                   // boards beside the table (`boards:`)
//!     "name": "shrine",
//!     "open": true,                 // a turn may take a card from it now
//!     "spaces": [ { "space": 0,     // every board's spaces numbered together
//!                   "prices": [2, 5],  // by seat: coins to take its card
//!                                      // (less its board discount)
//!                   "card": CARD | null, // null: empty, or face down
//!                                        // and laid by the other seat
//!                   "face_down": false,  // laid face down (`places:`)
//!                   "colour": "spirit" } ] } ],  // face down only
//!   "schemes": {                    // hidden cards held (`schemes:`), or null
//!     "deck": 14,                   // schemes left in the deck
//!     "seats": [ { "held": 2, "prepared": 1,   // by seat
//!                  "revealed": [CARD],          // triggered, in order
//!                  "tucked": [CARD] } ],        // under its schemes
//!     "mine": [ { "card": CARD, "prepared": true } ],  // this seat's own;
//!                                   // [] for a spectator
//!     "drawn": [CARD] },            // drawn for this seat's choice
//!   "drawn_cards": [CARD],          // drawn for this seat to lay or take one,
//!                                   // or set aside, for it to build one
//!   "board_tokens": [TOKEN],        // progress tokens on the board
//!   "drawn_tokens": [TOKEN],        // drawn for this seat's choice (Great
//!                                   // Library); [] for others, spectators
//!   "draft": [WONDER],              // wonders on offer (draft phase only)
//!   "discard": [CARD],              // the discard pile, oldest first
//!   "stage_cards": [CARD] | null,   // the cards under this seat's wonders
//!                                   // (face down); null for a spectator
//!   "cities": [ {                   // seat 0, seat 1
//!     "seat": 0, "coins": 7, "shields": 2,
//!     "cards": [ { "colour": "brown", "cards": [CARD] } ],  // by colour
//!     "wonders": [ { "id": 3, "name": "…", "built": true } ], // built first
//!     "tokens": [TOKEN],
//!     "declared_tokens": { "toll": 1 } } ]  // only when the card sets
//!                                   // declare kinds of token (`tokens:`)
//! }
//! CARD   = { "id": 12, "name": "Lumber Yard", "colour": "brown", "age": 1 }
//! TOKEN  = { "id": 2, "name": "Law" }
//! WONDER = { "id": 5, "name": "The Pyramids" }
//! ```

use serde_json::{Value, json};
use sevenw_host::CardId;

use crate::game::Game;
use crate::table::Show;

use super::layout::MAX_LAYOUT;
use crate::engine::city::MAX_COLOURS;

use super::{Action, Choice, DISCARD_COINS, Duel, Move, Phase, State, View};

impl Duel {
    pub(super) fn card_json(&self, c: CardId) -> Value {
        crate::table::card_json(self.info, c)
    }

    fn token_json(&self, k: u8) -> Value {
        json!({ "id": k, "name": self.token_name(k) })
    }

    fn wonder_json(&self, w: u8) -> Value {
        json!({ "id": w, "name": self.wonder_name(w) })
    }

    /// Cards grouped by colour ([`crate::table::by_colour`]).
    fn by_colour(&self, cards: &[CardId]) -> Value {
        crate::table::by_colour(self.info, cards)
    }

    fn phase_words(phase: Phase) -> &'static str {
        match phase {
            Phase::Draft { .. } => "draft",
            Phase::Play => "play",
            Phase::Choose { choice, .. } => match choice {
                Choice::Token { drawn: false } => "choose a progress token",
                Choice::Token { drawn: true } => "choose a drawn progress token",
                Choice::Void => "choose a progress token to remove from the game",
                Choice::Discard { .. } => "choose a card to discard",
                Choice::Seize { .. } => "choose a card to take from the opponent",
                Choice::Give { .. } => "choose a card of the same colour to give in exchange",
                Choice::Bury => "choose a wonder to build with a card from the discard pile",
                Choice::Steal { .. } => "choose a wonder to take from the opponent",
                Choice::Raze { boxed: false, .. } => "choose a built wonder to unbuild",
                Choice::Raze { boxed: true, .. } => "choose a built wonder to return to the box",
                Choice::Strike { may: false, .. } => "choose a card of the figure to discard",
                Choice::Strike { may: true, .. } => {
                    "choose a card of the figure to discard, or none"
                }
                Choice::Drop => "choose a military token to discard",
                Choice::Block => "choose a square of the conflict track for the blocker",
                Choice::Copy { .. } => {
                    "choose a card of the opponent whose science symbol to count"
                }
                Choice::Summon { .. } => "choose a card to take for free",
                Choice::Row { .. } => "choose a card of the figure's top row to build for free",
                Choice::Aside => "choose a card set aside to build for free",
                Choice::Apply { .. } => "choose a military token to apply",
                Choice::Revive => "choose a card from the discard pile",
                Choice::Option { .. } => "choose an option of what was built",
                Choice::Place { .. } => "choose a card to lay face down on a board",
                Choice::Senate { .. } => "choose a chamber of the senate",
                Choice::Decree { from: None } => "choose a chamber whose decree to move",
                Choice::Decree { from: Some(_) } => "choose a chamber to move the decree to",
                Choice::Keep => "choose a scheme to keep",
                Choice::Return => "choose where a scheme goes back",
                Choice::Ready => "choose the scheme to prepare",
                Choice::Unprepared => "choose a scheme to trigger",
            },
            Phase::Starter { .. } => "choose who starts",
            Phase::Over => "over",
        }
    }

    fn show_view(&self, v: &View<'_>, spectator: bool) -> Value {
        let shape = v.shape();
        let len = usize::from(shape.len).min(MAX_LAYOUT);
        let mut rows: Vec<u32> = Vec::new();
        let mut columns = 0u32;
        let slots: Vec<Value> = (0..len)
            .map(|i| {
                let (row, col) = (shape.row[i], shape.col[i]);
                if rows.len() <= usize::from(row) {
                    rows.resize(usize::from(row) + 1, 0);
                }
                rows[usize::from(row)] += 1;
                columns = columns.max(u32::from(col) + 2);
                let bit = 1u32 << i;
                let accessible = v.accessible() & bit != 0;
                let mut slot = if v.present() & bit == 0 {
                    json!({ "slot": i, "row": row, "col": col, "state": "empty",
                            "accessible": false })
                } else if let Some(c) = v.card_at(i) {
                    json!({ "slot": i, "row": row, "col": col, "state": "up",
                            "card": self.card_json(c), "accessible": accessible })
                } else {
                    json!({ "slot": i, "row": row, "col": col, "state": "down",
                            "age": v.age(), "accessible": accessible })
                };
                if let Some(kind) = v.mark_at(i)
                    && let Some(k) = self.info.tokens.get(usize::from(kind))
                {
                    slot["token"] = json!(k.name);
                }
                slot
            })
            .collect();
        let track = v.track();
        let tokens: Vec<Value> = (0..2usize)
            .flat_map(|s| {
                self.conflict
                    .tokens
                    .iter()
                    .enumerate()
                    .map(move |(i, &(at, coins))| {
                        let at = i32::from(at);
                        let mut token = json!({
                            "seat": s,
                            "at": if s == 0 { -at } else { at },
                            "coins": coins,
                            "looted": track.looted & (1 << (8 * s + i)) != 0,
                        });
                        if let Some(&card) = self.military.get(i) {
                            token["card"] = crate::engine::vocab::card_name(self.info, card).into();
                        }
                        token
                    })
            })
            .collect();
        let cities: Vec<Value> = (v.cities().iter().enumerate())
            .map(|(s, c)| {
                let built = v.built(s).iter().map(|&w| (w, true));
                let wonders: Vec<Value> = (built.chain(v.wonders(s).iter().map(|&w| (w, false))))
                    .map(|(w, b)| json!({ "id": w, "name": self.wonder_name(w), "built": b }))
                    .collect();
                let held: Vec<Value> = v.tokens(s).iter().map(|&k| self.token_json(k)).collect();
                let mut seat = json!({
                    "seat": s,
                    "coins": c.coins,
                    "shields": c.shields,
                    "cards": self.by_colour(&c.cards),
                    "wonders": wonders,
                    "tokens": held,
                });
                let own = (!spectator && s == v.seat()) || matches!(v.phase(), Phase::Over);
                crate::tokens::show(self.info, c, own, &mut seat);
                seat
            })
            .collect();
        let zones: Vec<Value> = (self.conflict.zones.iter())
            .map(|&(from, points)| json!({ "from": from, "points": points }))
            .collect();
        let drafting = matches!(v.phase(), Phase::Draft { .. });
        let to_move = match v.phase() {
            Phase::Over => None,
            Phase::Draft { round, pick } => Some(Duel::drafter(round, pick)),
            Phase::Choose { seat, .. } => Some(seat),
            Phase::Starter { chooser } => Some(chooser),
            Phase::Play => Some(v.current()),
        };
        let list = |ws: &[u8]| -> Vec<Value> { ws.iter().map(|&w| self.wonder_json(w)).collect() };
        let toks = |ks: &[u8]| -> Vec<Value> { ks.iter().map(|&k| self.token_json(k)).collect() };
        let cards =
            |cs: &[CardId]| -> Vec<Value> { cs.iter().map(|&c| self.card_json(c)).collect() };
        json!({
            "seat": if spectator { None } else { Some(v.seat()) },
            "age": v.age(),
            "phase": Self::phase_words(v.phase()),
            "to_move": to_move,
            "current": v.current(),
            "again": v.again(),
            "layout": { "rows": rows, "columns": columns, "slots": slots },
            "conflict": {
                "pawn": track.pawn,
                "blocker": track.blocker,
                "capital": self.conflict.capital,
                // The pawn moves toward the capital of the seat that gained
                // fewer shields (`Track::advance`): seat 0's at the
                // negative end.
                "capitals": [-i32::from(self.conflict.capital), i32::from(self.conflict.capital)],
                "zones": zones,
                "tokens": tokens,
            },
            "boards": self.boards_json(v, spectator),
            "senate": self.senate_json(v),
            "schemes": self.schemes_json(v, spectator),
            "board_tokens": toks(v.board_tokens()),
            "drawn_tokens": if spectator { Vec::new() } else { toks(v.drawn_tokens()) },
            "drawn_cards": if spectator { Vec::new() } else { cards(v.drawn_cards()) },
            "draft": if drafting { list(v.draft()) } else { Vec::new() },
            "discard": cards(v.discard()),
            "stage_cards": if spectator { None } else { Some(cards(v.stage_cards())) },
            "cities": cities,
        })
    }
}

impl Show for Duel {
    /// See the module's documentation for the document.
    fn show(&self, state: &State, seat: Option<usize>) -> Value {
        let v = self.view(state, seat.unwrap_or(0).min(1));
        self.show_view(&v, seat.is_none())
    }

    /// A card used to build a wonder goes under it face down: the others
    /// read which wonder, not which card (their view no longer shows it).
    fn told_others(&self, before: &State, mv: &Move) -> String {
        match *mv {
            Move::Card {
                action:
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    },
                ..
            } => {
                let w = self.wonder_name(wonder);
                if coins + trade > 0 {
                    format!(
                        "build {w} with a card ({})",
                        crate::text::plural(coins + trade, "coin")
                    )
                } else {
                    format!("build {w} with a card")
                }
            }
            // Which scheme is kept or prepared is its player's secret.
            Move::Scheme(_)
                if matches!(
                    before.phase,
                    Phase::Choose {
                        choice: Choice::Keep | Choice::Ready,
                        ..
                    }
                ) =>
            {
                match before.phase {
                    Phase::Choose {
                        choice: Choice::Keep,
                        ..
                    } => "keep a scheme".to_string(),
                    _ => "prepare a scheme".to_string(),
                }
            }
            // A token set aside, removed, stays unseen: laid face down
            // (Agora's Obscurantism, duel-expansions-facts.md §2.7 item 5).
            Move::Void(k) if before.table.drawn_tokens.contains(&k) => {
                "remove a progress token set aside from the game".to_string()
            }
            // The card laid face down is its player's secret.
            Move::Place { space, .. } => {
                let (board, at) = self.space_words(space);
                format!("lay a card face down on space {at} of the {board}")
            }
            _ => self.move_words(before, mv),
        }
    }

    /// `{kind, card, slot, wonder, coins, gain, token}`: what a page needs
    /// to offer `mv` on the thing it acts on. `kind` is `build`, `chain`,
    /// `discard` or `wonder` for a card of the layout at `slot` (`coins`:
    /// all it costs, to the bank and for trade; `gain`: the coins a
    /// discard brings, "Descartar para conseguir monedas": 2 and 1 per
    /// yellow card), `pick` for a wonder of the draft, `token` for a
    /// progress token, `destroy` for an opponent's card to discard,
    /// `seize` for one to take into the mover's city, `bury` for a card of
    /// the discard pile to build `wonder` with, `steal` for an opponent's
    /// wonder to take, `raze` for a built wonder to unbuild, `strike` for
    /// a card of the figure to discard (by its `slot`, with its `card`
    /// where it lies face up), `military` for a military token of the
    /// track (`token` of the track's tokens on seat `side`'s side), `block`
    /// for the square of the conflict track to put the blocker on, `senate`
    /// for a cube placed in or (`remove`) taken from a `chamber`, moved `from` a
    /// chamber `to` the one beside it, or no more moved (`pass`), `copy`
    /// for an opponent's card whose science symbol to count, `summon` for
    /// a card of the supply to take for free,
    /// `revive` for a card of the discard pile; `None` for the rest (who
    /// starts, an option: their words say them). Every card named is face
    /// up to the seat to move, the only one offered its moves.
    fn move_about(&self, state: &State, mv: &Move) -> Option<Value> {
        let t = &state.table;
        Some(match *mv {
            Move::Card { slot, card, action } => {
                let (kind, wonder, coins) = match action {
                    Action::Build { coins, trade } => ("build", None, coins + trade),
                    Action::Chain => ("chain", None, 0),
                    Action::Discard => ("discard", None, 0),
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => ("wonder", Some(wonder), coins + trade),
                    Action::Prepare => ("prepare", None, 0),
                };
                let gain = if kind == "discard" {
                    let city = t.cities.get(t.current)?;
                    let yellow = city.colour_count[usize::from(self.yellow.0) % MAX_COLOURS];
                    DISCARD_COINS + i32::from(yellow)
                } else {
                    0
                };
                json!({ "kind": kind, "card": card.0, "slot": slot, "wonder": wonder,
                        "coins": coins, "gain": gain })
            }
            Move::Pick(w) => json!({ "kind": "pick", "wonder": w }),
            Move::Steal(w) => json!({ "kind": "steal", "wonder": w }),
            Move::Raze(w) => json!({ "kind": "raze", "wonder": w }),
            Move::Military(bit) => {
                json!({ "kind": "military", "token": bit % 8, "side": bit / 8 })
            }
            Move::Block(square) => json!({ "kind": "block", "square": square }),
            Move::Decree { chamber, to } => {
                json!({ "kind": "decree", "chamber": chamber, "to": to })
            }
            Move::Senate(code) => match super::senate::decode(code) {
                Some(Ok(c)) => {
                    let remove = state.phase.removes_cubes();
                    json!({ "kind": "senate", "chamber": c, "remove": remove })
                }
                Some(Err((from, to))) => json!({ "kind": "senate", "from": from, "to": to }),
                None => json!({ "kind": "senate", "pass": true }),
            },
            Move::Copy(c) => json!({ "kind": "copy", "card": c.0 }),
            Move::Summon(c) => json!({ "kind": "summon", "card": c.0 }),
            Move::Strike { slot, .. } if slot == super::decision::NO_STRIKE => {
                json!({ "kind": "strike", "none": true })
            }
            Move::Strike { slot, card, .. } => match card {
                Some(c) => json!({ "kind": "strike", "slot": slot, "card": c.0 }),
                None => json!({ "kind": "strike", "slot": slot }),
            },
            Move::Token(k) => json!({ "kind": "token", "token": k }),
            Move::Void(k) => json!({ "kind": "void", "token": k }),
            Move::Discard(c) => json!({ "kind": "destroy", "card": c.0 }),
            Move::Seize(c) => json!({ "kind": "seize", "card": c.0 }),
            Move::Give(c) => json!({ "kind": "give", "card": c.0 }),
            Move::Bury { card, wonder } => {
                json!({ "kind": "bury", "card": card.0, "wonder": wonder })
            }
            Move::Revive(c) => json!({ "kind": "revive", "card": c.0 }),
            Move::Board {
                space,
                card,
                coins,
                spend,
            } => {
                let given: Vec<&str> = (self.offerings().iter().enumerate())
                    .filter(|&(b, _)| spend & 1 << b != 0)
                    .filter_map(|(_, &(k, _))| self.info.tokens.get(k).map(|t| t.name))
                    .collect();
                json!({ "kind": "board", "card": card.0, "space": space, "coins": coins,
                        "gives_up": given })
            }
            Move::Place { card, space } => json!({ "kind": "lay", "card": card.0, "space": space }),
            Move::Scheme(c) => json!({ "kind": "scheme", "card": c.0 }),
            Move::Return { bottom } => json!({ "kind": "return", "bottom": bottom }),
            Move::NoScheme => json!({ "kind": "scheme", "none": true }),
            Move::Start(_) | Move::Option(_) => return None,
        })
    }

    /// An option is told with what it does.
    fn move_words(&self, state: &State, mv: &Move) -> String {
        match (state.phase, *mv) {
            (
                Phase::Choose {
                    choice: Choice::Option { source, .. },
                    ..
                },
                Move::Option(o),
            ) => crate::engine::vocab::option_words(self.info, source, o),
            _ => self.describe_in(state, mv),
        }
    }

    /// The face-down cards of the layout, the cards of the box (set
    /// aside, guilds not drawn), the Age decks not yet laid out, and the
    /// cards under the other seat's wonders (both seats' for a spectator),
    /// and the boards' cards it does not know (face down or drawn for
    /// another's choice).
    fn secrets(&self, state: &State, seat: Option<usize>) -> Vec<CardId> {
        let t = &state.table;
        let l = &t.layout;
        let mut out: Vec<CardId> = (0..MAX_LAYOUT)
            .filter(|&i| l.present & !l.up & (1 << i) != 0)
            .map(|i| l.cards[i])
            .collect();
        out.extend_from_slice(&t.boxed);
        // The cards set aside, but for their chooser looking at them.
        if !state.phase.looks_aside(seat) {
            out.extend_from_slice(&t.aside_cards);
        }
        // The decks of the Ages to come: every card neither dealt, boxed
        // nor set aside.
        out.extend(
            (0..self.info.cards.len())
                .map(|i| CardId(i as u16))
                .filter(|&c| {
                    !t.dealt.contains(&c)
                        && !t.boxed.contains(&c)
                        && !t.aside_cards.contains(&c)
                        && !self.boarded(c)
                }),
        );
        self.board_cards(state, seat, false, &mut out);
        for s in 0..2 {
            if seat != Some(s) {
                out.extend_from_slice(&t.stage_cards[s]);
            }
        }
        out
    }

    /// Both cities, the face-up cards of the layout, the discard pile,
    /// the face-up decrees and the military tokens' cards, (not for a
    /// spectator) the cards under the seat's own wonders, and the cards
    /// set aside the seat is looking at.
    fn seen(&self, state: &State, seat: Option<usize>) -> Vec<CardId> {
        let t = &state.table;
        let l = &t.layout;
        let mut out: Vec<CardId> = (0..MAX_LAYOUT)
            .filter(|&i| l.present & l.up & (1 << i) != 0)
            .map(|i| l.cards[i])
            .collect();
        for c in &t.cities {
            out.extend_from_slice(&c.cards);
        }
        out.extend_from_slice(&t.discard);
        out.extend(
            (0..self.chambers())
                .filter(|&c| !Duel::decree_down(t, c))
                .filter_map(|c| t.decrees[c]),
        );
        out.extend(t.under.iter().map(|&(_, d)| d));
        out.extend_from_slice(&self.military);
        if let Some(s) = seat {
            out.extend_from_slice(&t.stage_cards[s.min(1)]);
        }
        if state.phase.looks_aside(seat) {
            out.extend_from_slice(&t.aside_cards);
        }
        self.board_cards(state, seat, true, &mut out);
        self.seen_schemes(state, seat, &mut out);
        out
    }
}

impl Duel {
    /// The boards beside the table and the cards on their spaces: face up,
    /// or face down where the seat shown laid them.
    fn boards_json(&self, v: &View<'_>, spectator: bool) -> Vec<Value> {
        let mut space = 0;
        (self.info.boards.iter())
            .map(|b| {
                let list: Vec<Value> = (b.spaces.iter())
                    .map(|_| {
                        let down = v.face_down(space);
                        // A spectator knows no face-down card.
                        let card = v.space_card(space).filter(|_| !(spectator && down));
                        let prices: Vec<u16> = (0..2)
                            .map(|s| self.price_to(&v.state.table, space, s).unwrap_or(0))
                            .collect();
                        space += 1;
                        let mut one = json!({
                            "space": space - 1,
                            "prices": prices,
                            "card": card.map(|c| self.card_json(c)),
                            "face_down": down,
                        });
                        // Its colour is public: the kind of token that
                        // laid it says it.
                        if let (true, Some(c)) = (down, v.space_colour(space - 1)) {
                            one["colour"] = json!(self.info.colours.get(usize::from(c.0)));
                        }
                        one
                    })
                    .collect();
                json!({
                    "name": b.name,
                    "open": b.open.contains(&v.age()),
                    "spaces": list,
                })
            })
            .collect()
    }
}
