//! Duel scenarios: a position written like a Duel sheet, plus the wonders
//! still to build, the cards laid out, the progress tokens, who is to play,
//! and the moves in words.
//!
//! ```yaml
//! game: duel
//! seed: 1                  # for what is not given (default 1)
//! age: 1                   # default 1
//! to_move: Ana             # default: the first player
//! conflict: 0              # the pawn, positive toward the second player
//! layout: [Baths, Altar]   # an open row, all accessible (default: dealt)
//! figure_tokens: {Altar: omen}   # tokens on laid-out cards (default: dealt)
//! boards: {shrine: [Spirit, ~]}   # each space's card, `~` empty (default: dealt)
//! board: [Law, Economy]    # progress tokens on the board (default: dealt)
//! aside: [Agriculture, Philosophy, Strategy]   # set aside (default: the rest)
//! set_aside: [Lodge, Temple]   # Age cards set aside (default: the seed's)
//! discard: [Stable]
//! players:                 # two; the first is the first player
//!   - name: Ana
//!     coins: 7             # default: the game's starting coins
//!     cards: [Lumber Yard]
//!     wonders: [The Colossus]          # built
//!     to_build: [The Sphinx]           # still to build
//!     progress: [Law]
//!   - name: Ben
//! steps: […]
//! ```
//!
//! `draft: true` starts at the wonder draft instead (only the players'
//! names and the seed are read then).
//!
//! Every mistake of the set-up (all but the steps) is reported at once,
//! each at its line and column. The boards' part of a scenario (their
//! spaces laid by hand, why a take or a lay is refused) is in
//! `scenario_boards.rs`.
//!
//! Moves: `builds CARD`, `builds CARD by chain`, `discards CARD`, `builds
//! WONDER with CARD`, `takes WONDER` (in the draft), `chooses TOKEN`,
//! `discards NAME's CARD` (an opponent's card), `takes CARD from the
//! discard pile`, `takes CARD from the BOARD for N coins`, `lays CARD on
//! space N of the BOARD`, `places a cube in chamber N`, `starts the next
//! Age`, `lets NAME start the next Age`.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::CardId;

use crate::doc::{DocError, Found, Scalar, Value, at, int, value_int, value_map};
use crate::engine::city::City;
use crate::game::{Game, Setup};
use crate::reader::{Opened, open, seat_named, seed};
use crate::scenario::{
    Check, Scenario, Scenarios, cards_named, equal, same_cards, same_tokens, same_wonders,
};
use crate::sheet::{card, token, wonder};
use crate::text::plural;

use super::sheet::PlayerDoc;
use super::{Action, Choice, Duel, MAX_WONDERS, Move, Phase, State, WONDERS_EACH, trade};

/// A scenario of Duel (`dsl/SCENARIOS.md`).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDoc {
    #[schemars(with = "String")]
    game: Spanned<String>,
    /// The edition (default 1).
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    edition: Option<Spanned<Scalar>>,
    /// The expansions in play (default none).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    expansions: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    seed: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    draft: Option<Spanned<bool>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    age: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    to_move: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    conflict: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    layout: Option<Vec<Spanned<String>>>,
    /// Tokens on cards of the figure, by card (default: the seed's).
    #[serde(default)]
    #[schemars(with = "Option<std::collections::BTreeMap<String, String>>")]
    figure_tokens: Option<Spanned<Value>>,
    /// The cards on each board's spaces, by board (default: the seed's).
    #[serde(default)]
    #[schemars(with = "Option<std::collections::BTreeMap<String, Vec<Option<String>>>>")]
    boards: Option<Spanned<Value>>,
    /// The decree on each chamber of the senate, face up, from the first
    /// (`~` for none; default none).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Option<String>>>")]
    decrees: Option<Spanned<Vec<Option<Spanned<String>>>>>,
    /// The decrees lying face up under the top one of each chamber, from
    /// the first (`move a decree to another chamber`), in the order laid.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Vec<String>>>")]
    decrees_under: Option<Spanned<Vec<Vec<Spanned<String>>>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    board: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    aside: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    discard: Option<Vec<Spanned<String>>>,
    /// The Age cards set aside unseen at the set-up of the Ages so far
    /// (default: those the seed set aside).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    set_aside: Option<Vec<Spanned<String>>>,
    #[schemars(with = "Vec<PlayerDoc>")]
    players: Spanned<Vec<Spanned<PlayerDoc>>>,
    #[serde(default)]
    #[schemars(with = "Vec<Value>")]
    steps: Vec<Spanned<Value>>,
}

crate::reader::document!(ScenarioDoc, "scenario", PlayerDoc);

impl Duel {
    /// Whoever holds `card` (built or under a wonder), laid out or discarded.
    fn where_is(&self, st: &State, c: CardId) -> Option<&'static str> {
        let t = &st.table;
        if t.cities.iter().any(|city| city.cards.contains(&c)) {
            Some("built")
        } else if t.discard.contains(&c) {
            Some("in the discard pile")
        } else if t.layout.remaining().any(|x| x == c) {
            Some("laid out")
        } else {
            None
        }
    }
}

impl Scenarios for Duel {
    fn read_scenario(&self, text: &str) -> Result<Scenario<Duel>, DocError> {
        let Opened { doc, names, .. } = open::<ScenarioDoc, _>(self.info, text, (2, 2), |d| {
            crate::reader::same_card_sets(&self.vocab, d.edition.as_ref(), d.expansions.as_ref())
        })?;
        let players = &doc.players.value;
        // Every mistake of the set-up is kept and its item skipped, so that
        // they are reported together.
        let mut found = Found::default();
        let seed = found.keep(seed(doc.seed.as_ref())).unwrap_or(1);
        let err = |e: crate::game::SetupError| at(&doc.players, e.to_string());
        if let Some(d) = &doc.draft
            && d.value
        {
            let more = doc.age.is_some()
                || doc.to_move.is_some()
                || doc.conflict.is_some()
                || doc.layout.is_some()
                || doc.board.is_some()
                || doc.aside.is_some()
                || doc.discard.is_some()
                || doc.set_aside.is_some()
                || players.iter().any(|p| {
                    let p = &p.value;
                    p.coins.is_some()
                        || p.cards.is_some()
                        || p.wonders.is_some()
                        || p.progress.is_some()
                        || p.to_build.is_some()
                });
            if more {
                return Err(found.and(at(
                    d,
                    "a scenario that starts at the wonder draft takes only the players' names and the seed",
                )));
            }
            found.or(())?;
            let state = self.start(&Setup::seeded(seed)).map_err(err)?;
            return Ok(Scenario {
                state,
                names,
                steps: doc.steps,
            });
        }
        let given: Vec<(u8, u8)> = (0..(2 * WONDERS_EACH).min(self.info.wonders.len()) as u8)
            .map(|w| (w, 0))
            .collect();
        let mut st = match self.start(&Setup::seeded(seed).with_wonders(given)) {
            Ok(st) => st,
            Err(e) => return Err(found.and(err(e))),
        };
        if let Some(a) = &doc.age
            && let Some(age) = found.keep(int(a, "age", 1..=i64::from(self.info.ages)))
            && age != 1
        {
            st.table.dealt.clear();
            st.table.boxed.clear();
            self.start_age(&mut st, age as u8);
        }
        let t = &mut st.table;
        t.wonders = [Vec::new(), Vec::new()];
        t.boxed_wonders = (0..self.info.wonders.len().min(256) as u16)
            .map(|w| w as u8)
            .collect();
        let coins = i32::from(self.info.start_coins);
        found.keep(self.fill_players(&mut st, players, &names, coins));
        for (seat, p) in players.iter().enumerate() {
            let Some(list) = &p.value.to_build else {
                continue;
            };
            let built = st.table.built[seat].len();
            let most = self.wonders_each();
            if built + list.value.len() > most {
                found.push(at(
                    list,
                    format!("a player has {most} wonders at most, built or to build"),
                ));
                continue;
            }
            for w in &list.value {
                let Some(id) = found.keep(wonder(&self.vocab, w)) else {
                    continue;
                };
                let t = &mut st.table;
                if !t.boxed_wonders.contains(&id) {
                    found.push(at(
                        w,
                        format!("{} is already someone's", self.wonder_name(id)),
                    ));
                    continue;
                }
                t.boxed_wonders.retain(|&x| x != id);
                t.wonders[seat].push(id);
                t.drafted[seat].push(id);
            }
        }
        if st.table.wonders_built() >= MAX_WONDERS {
            st.table.wonders = [Vec::new(), Vec::new()];
        }
        if let Some(board) = &doc.board {
            let held: Vec<u8> = st.table.tokens.iter().flatten().copied().collect();
            let mut tokens = Vec::new();
            for b in board {
                let Some(k) = found.keep(token(&self.vocab, b)) else {
                    continue;
                };
                if held.contains(&k) {
                    found.push(at(b, format!("{} is already held", self.token_name(k))));
                    continue;
                }
                tokens.push(k);
            }
            let all = (0..self.info.progress.len().min(256) as u16).map(|k| k as u8);
            st.table.aside_tokens = all
                .filter(|k| !tokens.contains(k) && !held.contains(k))
                .collect();
            st.table.board_tokens = tokens;
        }
        if let Some(aside) = &doc.aside {
            let mut tokens = Vec::new();
            for a in aside {
                let Some(k) = found.keep(token(&self.vocab, a)) else {
                    continue;
                };
                if st.table.board_tokens.contains(&k)
                    || st.table.tokens.iter().flatten().any(|&x| x == k)
                {
                    found.push(at(
                        a,
                        format!("{} is on the board or held", self.token_name(k)),
                    ));
                    continue;
                }
                tokens.push(k);
            }
            st.table.aside_tokens = tokens;
        }
        // The layout first: built and discarded cards are then checked
        // against what is laid out.
        let explicit_layout = doc.layout.is_some();
        if let Some(layout) = &doc.layout {
            let mut cards = Vec::new();
            for c in layout {
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                if let Some(place) = self.where_is(&st, id).filter(|&p| p != "laid out") {
                    found.push(at(c, format!("{} is already {place}", self.card_name(id))));
                    continue;
                }
                cards.push(id);
            }
            self.lay_out(&mut st, &cards);
        }
        if let Some(d) = &doc.discard {
            for c in d {
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                match self.where_is(&st, id) {
                    Some("laid out") if !explicit_layout => {}
                    Some(place) => {
                        found.push(at(c, format!("{} is already {place}", self.card_name(id))));
                        continue;
                    }
                    None => {}
                }
                st.table.discard.push(id);
            }
        }
        if let Some(list) = &doc.set_aside {
            st.table.aside_cards.clear();
            for c in list {
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                if let Some(place) = self.where_is(&st, id) {
                    found.push(at(c, format!("{} is already {place}", self.card_name(id))));
                    continue;
                }
                st.table.boxed.retain(|&x| x != id);
                st.table.aside_cards.push(id);
            }
        }
        // A card built or discarded that the seed's figure also holds was
        // taken from it earlier: its slot is empty (one copy of each card).
        let taken: Vec<CardId> = st
            .table
            .cities
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .chain(st.table.discard.iter().copied())
            .collect();
        for c in taken {
            let l = &st.table.layout;
            if let Some(slot) =
                (0..super::MAX_LAYOUT).find(|&i| l.present & (1 << i) != 0 && l.cards[i] == c)
            {
                if explicit_layout {
                    found.push(at(
                        &doc.players,
                        format!(
                            "{} is both laid out and built or discarded",
                            self.card_name(c)
                        ),
                    ));
                    continue;
                }
                st.table.layout.take(slot);
            }
        }
        // The tokens of cards taken or turned face up before the scenario
        // began left the figure with them; `figure_tokens` lays its own.
        st.table.layout.drop_stale_marks();
        if let Some(marks) = &doc.figure_tokens {
            st.table.layout.clear_marks();
            for (c, kind) in found.keep(value_map(marks, "figure_tokens")).unwrap_or(&[]) {
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                let kind = found
                    .keep(crate::doc::value_text(kind, "a token").map(|k| Spanned {
                        value: k.to_string(),
                        referenced: kind.referenced,
                        defined: kind.defined,
                    }))
                    .and_then(|k| found.keep(crate::doc::token_kind(self.info, &k)));
                let Some(kind) = kind else { continue };
                let l = &mut st.table.layout;
                match (0..super::MAX_LAYOUT)
                    .find(|&i| l.present & (1 << i) != 0 && l.cards[i] == id)
                {
                    // A card turned face up since the figure was laid out
                    // gave its token to whoever revealed it.
                    Some(slot) if l.up & !l.shape.face_up & (1 << slot) != 0 => found.push(at(
                        c,
                        format!(
                            "{} was turned face up: a token lies only on a card face down or laid face up",
                            self.card_name(id)
                        ),
                    )),
                    Some(slot) => l.mark(slot, kind as u8),
                    None => found.push(at(
                        c,
                        format!(
                            "{} is not laid out: a token lies only on a card of the figure",
                            self.card_name(id)
                        ),
                    )),
                }
            }
        }
        self.scenario_boards(&mut st, doc.boards.as_ref(), &mut found);
        let decrees = (doc.decrees.as_ref(), doc.decrees_under.as_ref());
        self.give_decrees(&mut st, decrees, &mut found);
        // The pawn stands at the difference of the shields ("El ejército");
        // `conflict`, if given, must say the same.
        let t = &mut st.table;
        let cap = i64::from(self.conflict.capital);
        let diff = i64::from(t.cities[0].shields) - i64::from(t.cities[1].shields);
        let pawn = diff.clamp(-cap, cap) as i32;
        if let Some(c) = &doc.conflict
            && let Some(given) = found.keep(int(c, "conflict", -cap..=cap))
            && given != i64::from(pawn)
        {
            found.push(at(
                c,
                format!(
                    "the pawn stands at the difference of the shields ({} − {} = {pawn}), not {given}: give the red cards, or leave `conflict` out",
                    t.cities[0].shields, t.cities[1].shields
                ),
            ));
        }
        t.track.pawn = pawn;
        t.track.seen = [t.cities[0].shields, t.cities[1].shields];
        // The military tokens the pawn has passed were applied.
        for (i, &(square, _)) in self.conflict.tokens.iter().enumerate().take(8) {
            if pawn >= i32::from(square) {
                t.track.looted |= 1 << (i + 8);
            }
            if -pawn >= i32::from(square) {
                t.track.looted |= 1 << i;
            }
        }
        // Pairs of science symbols already held gave their token.
        let nsym = self.info.symbols.len().min(crate::engine::science::MAX_SYM);
        for seat in 0..2 {
            for s in 0..nsym {
                if t.cities[seat].science[s] >= 2 {
                    t.paired[seat] |= 1 << s;
                }
            }
        }
        if let Some(who) = &doc.to_move
            && let Some(seat) = found.keep(seat_named(&names, who))
        {
            st.table.current = seat;
        }
        // The position is not what the scenario meant: no turn begins.
        found.or(())?;
        let t = &mut st.table;
        t.ended = None;
        t.market[0] = t.market[0].wrapping_add(1);
        t.market[1] = t.market[1].wrapping_add(1);
        for c in &mut t.cities {
            c.age = t.age;
        }
        st.phase = Phase::Play;
        Ok(Scenario {
            state: st,
            names,
            steps: doc.steps,
        })
    }

    fn cities<'s>(&self, state: &'s State) -> &'s [City] {
        &state.table.cities
    }

    fn phrases(
        &self,
        state: &State,
        names: &[String],
        seat: usize,
        mv: &Move,
        out: &mut Vec<String>,
    ) {
        let other = &names[1 - seat.min(1)];
        match *mv {
            Move::Card { card, action, .. } => {
                let c = self.card_name(card);
                match action {
                    Action::Build { coins, trade } => {
                        out.push(format!("builds {c} for {}", plural(coins + trade, "coin")));
                        out.push(format!("builds {c}"));
                    }
                    Action::Chain => {
                        out.push(format!("builds {c} by chain"));
                        out.push(format!("builds {c}"));
                    }
                    Action::Discard => out.push(format!("discards {c}")),
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => {
                        let w = self.wonder_name(wonder);
                        out.push(format!(
                            "builds {w} with {c} for {}",
                            plural(coins + trade, "coin")
                        ));
                        out.push(format!("builds {w} with {c}"));
                    }
                    Action::Prepare => out.push(format!("prepares a scheme with {c}")),
                }
            }
            Move::Scheme(s) => {
                let s = self.card_name(s);
                out.push(match state.phase {
                    Phase::Choose {
                        choice: Choice::Keep,
                        ..
                    } => format!("keeps {s}"),
                    Phase::Choose {
                        choice: Choice::Ready,
                        ..
                    } => format!("prepares {s}"),
                    _ => format!("triggers {s}"),
                });
            }
            Move::Return { bottom } => out.push(format!(
                "puts a scheme on the {} of the deck",
                if bottom { "bottom" } else { "top" }
            )),
            Move::NoScheme => out.push("triggers no scheme".to_string()),
            Move::Decree { chamber, to } => out.push(if to {
                format!("moves the decree to chamber {}", chamber + 1)
            } else {
                format!("moves the decree of chamber {}", chamber + 1)
            }),
            Move::Senate(code) => match super::senate::decode(code) {
                Some(Ok(c)) => {
                    if state.phase.removes_cubes() {
                        out.push(format!("removes {other}'s cube from chamber {}", c + 1));
                    } else {
                        out.push(format!("places a cube in chamber {}", c + 1));
                    }
                }
                Some(Err((from, to))) => out.push(format!(
                    "moves a cube from chamber {} to chamber {}",
                    from + 1,
                    to + 1
                )),
                None => out.push("moves no more cubes".to_string()),
            },
            Move::Block(square) => {
                let (a, b) = (format!("{}'s", names[0]), format!("{}'s", names[1]));
                let at = self.square_words(square, &[&a, &b]);
                out.push(format!("puts the blocker {at}"));
            }
            Move::Military(bit) => {
                let side = format!("{}'s", names[usize::from(bit / 8) % names.len().max(1)]);
                let token = self.military_words(bit, &side);
                let verb = match state.phase {
                    Phase::Choose {
                        choice: Choice::Apply { .. },
                        ..
                    } => "applies",
                    _ => "discards",
                };
                out.push(format!("{verb} {token}"));
                out.push(format!("chooses {token}"));
            }
            // Listed by the last phrase: a face-up card by its name, a
            // face-down one by its row and place.
            Move::Strike { slot, .. } if slot == super::decision::NO_STRIKE => {
                out.push("discards no card from the figure".to_string());
            }
            Move::Strike {
                slot,
                row,
                place,
                card,
            } => {
                let at = format!(
                    "discards the card of row {}, place {} from the figure",
                    row + 1,
                    place + 1
                );
                let named = state
                    .table
                    .layout
                    .cards
                    .get(usize::from(slot))
                    .map(|&c| format!("discards {} from the figure", self.card_name(c)));
                if card.is_some() {
                    out.push(at);
                    out.extend(named);
                } else {
                    out.extend(named);
                    out.push(at);
                }
            }
            Move::Raze(w) => {
                let owner = (0..2).find(|&s| state.table.built[s].contains(&w));
                let w = self.wonder_name(w);
                if let Some(o) = owner {
                    out.push(format!("unbuilds {}'s {w}", names[o]));
                }
                out.push(format!("unbuilds {w}"));
                out.push(format!("chooses {w}"));
            }
            Move::Steal(w) => {
                let w = self.wonder_name(w);
                out.push(format!("takes {other}'s {w}"));
                out.push(format!("takes {w} from {other}"));
                out.push(format!("chooses {w}"));
            }
            Move::Pick(w) => {
                let w = self.wonder_name(w);
                out.push(format!("picks {w}"));
                out.push(format!("takes {w}"));
            }
            Move::Token(k) => {
                let k = self.token_name(k);
                out.push(format!("takes {k}"));
                out.push(format!("chooses {k}"));
            }
            Move::Void(k) => {
                let k = self.token_name(k);
                out.push(format!("removes {k} from the game"));
                out.push(format!("chooses {k}"));
            }
            Move::Discard(c) => {
                let c = self.card_name(c);
                out.push(format!("chooses {c}"));
                out.push(format!("discards {other}'s {c}"));
            }
            Move::Bury { card, wonder } => {
                let (c, w) = (self.card_name(card), self.wonder_name(wonder));
                out.push(format!("builds {w} with {c} from the discard pile"));
                out.push(format!("builds {w} with {c}"));
            }
            Move::Summon(c) => {
                let c = self.card_name(c);
                out.push(format!("takes {c} for free"));
                out.push(format!("chooses {c}"));
            }
            Move::Copy(c) => {
                let c = self.card_name(c);
                out.push(format!("counts the science symbol of {other}'s {c}"));
                out.push(format!("copies {other}'s {c}"));
                out.push(format!("chooses {c}"));
            }
            Move::Seize(c) => {
                let c = self.card_name(c);
                out.push(format!("takes {other}'s {c}"));
                out.push(format!("takes {c} from {other}"));
                out.push(format!("chooses {c}"));
            }
            Move::Give(c) => {
                let c = self.card_name(c);
                out.push(format!("gives {c} to {other}"));
                out.push(format!("chooses {c}"));
            }
            Move::Option(o) => out.push(format!("chooses option {}", o + 1)),
            Move::Revive(c) => {
                let c = self.card_name(c);
                out.push(format!("builds {c} from the discard pile"));
                out.push(format!("chooses {c}"));
                out.push(format!("takes {c} from the discard pile"));
            }
            Move::Board {
                space,
                card,
                coins,
                spend,
            } => {
                let c = self.card_name(card);
                let (board, _) = self.space_words(space);
                let paid = plural(coins, "coin");
                // A take giving up tokens says which; the plain phrases
                // name the take giving up none.
                if let Some(given) = self.spend_words(spend) {
                    out.push(format!("takes {c} from the {board} giving up {given}"));
                    out.push(format!(
                        "takes {c} from the {board} for {paid} giving up {given}"
                    ));
                } else {
                    out.push(format!("takes {c} from the {board} for {paid}"));
                    out.push(format!("takes {c} from the {board}"));
                    out.push(format!("takes {c}"));
                }
            }
            Move::Place { card, space } => {
                let c = self.card_name(card);
                let (board, at) = self.space_words(space);
                out.push(format!("lays {c} on space {at} of the {board}"));
                out.push(format!("lays {c} face down on space {at} of the {board}"));
            }
            Move::Start(true) => {
                out.push("starts".to_string());
                out.push("starts the next Age".to_string());
            }
            Move::Start(false) => {
                out.push(format!("lets {other} start"));
                out.push(format!("passes the turn to {other}"));
                out.push(format!("lets {other} start the next Age"));
            }
        }
    }

    fn why_not(
        &self,
        state: &State,
        names: &[String],
        seat: usize,
        phrase: &str,
    ) -> Option<String> {
        let who = &names[seat];
        let t = &state.table;
        let city = &t.cities[seat];
        match state.phase {
            Phase::Play => {}
            Phase::Choose {
                seat: s,
                choice: Choice::Place { board },
            } if s == seat => {
                return Some(match phrase.strip_prefix("lays ") {
                    Some(rest) => self.lay_why_not(t, board, rest),
                    None => format!("{who} lays a card drawn first (`lays …`)"),
                });
            }
            Phase::Choose {
                seat: s,
                choice: Choice::Summon { .. },
            } if s == seat => {
                let drawn: Vec<&str> = t.drawn_cards.iter().map(|&c| self.card_name(c)).collect();
                return Some(format!(
                    "{who} takes one of the cards drawn from the supply: {}",
                    drawn.join(", ")
                ));
            }
            Phase::Choose {
                seat: s,
                choice: Choice::Drop | Choice::Apply { .. },
            } if s == seat => {
                let left: Vec<String> = self
                    .military_left(t)
                    .map(|bit| {
                        let side = format!("{}'s", names[usize::from(bit / 8) % names.len()]);
                        self.military_words(bit, &side)
                    })
                    .collect();
                return Some(format!(
                    "{who} chooses a military token still on the conflict track: {}",
                    left.join(", ")
                ));
            }
            Phase::Choose { .. } => {
                return Some(format!("{who} has a choice to make first (`chooses …`)"));
            }
            Phase::Draft { .. } => {
                return Some(format!("the wonder draft is on: {who} takes a wonder"));
            }
            Phase::Starter { .. } => {
                return Some(format!(
                    "the Age is over: {who} says who starts the next one"
                ));
            }
            Phase::Over => return None,
        }
        if let Some(rest) = phrase.strip_prefix("takes ") {
            return self.board_why_not(state, who, seat, rest);
        }
        let rest = phrase
            .strip_prefix("builds ")
            .or_else(|| phrase.strip_prefix("discards "))?;
        let (wonder_part, card_part) = match rest.split_once(" with ") {
            Some((w, c)) => (Some(w), c),
            None => (None, rest.trim_end_matches(" by chain")),
        };
        let card_part = card_part.split(" for ").next().unwrap_or(card_part);
        let wonder_part = wonder_part.map(|w| w.split(" for ").next().unwrap_or(w));
        let c = self.vocab.find_card(card_part)?;
        let name = self.card_name(c);
        let open = (0..super::MAX_LAYOUT).any(|i| t.layout.accessible(i) && t.layout.cards[i] == c);
        if !open {
            return Some(if t.layout.remaining().any(|x| x == c) {
                format!("{name} is laid out but covered: it is not accessible")
            } else {
                format!("{name} is not laid out")
            });
        }
        if let Some(w) = wonder_part {
            let Some(id) = self.vocab.find_wonder(w) else {
                return Some(format!("there is no wonder `{w}`"));
            };
            let wn = self.wonder_name(id);
            if !t.wonders[seat].contains(&id) {
                return Some(format!("{wn} is not one of {who}'s wonders to build"));
            }
            if t.wonders_built() >= MAX_WONDERS {
                return Some(format!("{MAX_WONDERS} wonders are built"));
            }
            let cost = self.wonder_cost(id)?;
            if let Some(why) = crate::tokens::lacking(self.info, city, cost.tokens, who, wn) {
                return Some(why);
            }
            let off = trade::discount(city, true, sevenw_host::Colour(0));
            let total = u32::from(trade::coins_of(cost, city, t.age))
                + trade::trade_cost(city, cost, &self.prices(&t.cities, seat), off);
            return Some(format!(
                "{who} cannot afford {wn}: it costs {} and {who} has {}",
                plural(total, "coin"),
                self.purse_words(city)
            ));
        }
        if phrase.starts_with("builds ") {
            if city.has_name(self.vocab.name_class(c)) {
                return Some(format!("{who} already has {name}"));
            }
            if self.chained(&t.cities, seat, c) {
                return Some(format!(
                    "{name} is free for {who} by a chain: `builds {name}` or `builds {name} by chain`"
                ));
            }
            let info = &self.info.cards[usize::from(c.0)];
            if let Some(why) = crate::tokens::lacking(self.info, city, info.cost.tokens, who, name)
            {
                return Some(why);
            }
            let off = trade::discount(city, false, info.colour);
            let bought = trade::trade_cost(city, &info.cost, &self.prices(&t.cities, seat), off);
            let may_chain = City::may_chain(&self.vocab, c);
            let (coins, bought) = trade::capped(
                city.abilities.chain_price(),
                may_chain,
                trade::coins_of(&info.cost, city, t.age),
                bought,
            );
            let total = u32::from(coins) + bought;
            return Some(format!(
                "{who} cannot afford {name}: it costs {} and {who} has {}",
                plural(total, "coin"),
                self.purse_words(city)
            ));
        }
        None
    }

    fn check(
        &self,
        state: &State,
        _names: &[String],
        seat: Option<usize>,
        key: &str,
        value: &Spanned<Value>,
    ) -> Result<Check, DocError> {
        let t = &state.table;
        let tokens = |have: &[u8]| same_tokens(&self.vocab, value, key, have);
        let wonders = |have: &[u8]| same_wonders(&self.vocab, value, key, have);
        Ok(match (seat, key) {
            (Some(s), "progress") => tokens(&t.tokens[s])?,
            (Some(s), "wonders") => wonders(&t.built[s])?,
            (Some(s), "to build") => wonders(&t.wonders[s])?,
            (Some(s), "influence") => {
                let want = (crate::doc::value_texts(value, key)?.iter())
                    .map(|v| v.value.trim().parse::<i64>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| {
                        crate::doc::at(value, format!("`{key}` is a list of whole numbers"))
                    })?;
                let have: Vec<i64> = (t.senate[..self.chambers()].iter())
                    .map(|c| i64::from(c[s]))
                    .collect();
                equal(format!("{want:?}"), format!("{have:?}"))
            }
            (Some(s), "schemes" | "prepared" | "revealed") => {
                let sc = &t.schemes;
                let have: Vec<sevenw_host::CardId> = match key {
                    "schemes" => sc.held[s].iter().map(|h| h.0).collect(),
                    "prepared" => sc.held[s].iter().filter(|h| h.1).map(|h| h.0).collect(),
                    _ => sc.revealed[s].iter().map(|h| h.0).collect(),
                };
                let want = cards_named(&self.vocab, value, key)?;
                same_cards(&self.vocab, &want, have.into_iter())
            }
            (Some(s), "under wonder") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.stage_cards[s].iter().copied(),
            ),
            (None, "boxed wonders") => wonders(&t.boxed_wonders)?,
            (None, "board") => tokens(&t.board_tokens)?,
            (None, "conflict") | (None, "pawn") => {
                equal(value_int(value, key)?, i64::from(t.track.pawn))
            }
            (None, "age") => equal(value_int(value, key)?, i64::from(t.age)),
            (None, "discard") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.discard.iter().copied(),
            ),
            _ => Check::Unknown,
        })
    }

    fn check_keys(&self, seat: bool) -> &'static [&'static str] {
        if seat {
            &[
                "progress",
                "wonders",
                "to build",
                "under wonder",
                "influence",
                "schemes",
                "prepared",
                "revealed",
            ]
        } else {
            &["board", "conflict", "age", "discard", "boxed wonders"]
        }
    }
}
