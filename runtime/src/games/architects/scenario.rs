//! Architects scenarios: a position written like an Architects sheet, plus
//! the tops of the decks, the progress tokens, the conflict tokens at war
//! and whose turn begins, and the moves in words.
//!
//! ```yaml
//! game: architects
//! seed: 1                    # for what is not given (default 1)
//! players:                   # clockwise; wonders for every player or none
//!   - name: Ana
//!     wonder: Alexandria
//!     pieces: [2 different]  # stages built
//!     cards: [Wood, Coin]    # cards in front of the player
//!     blue: 1                # as in sheets: blue cards, with or without a cat
//!     military: 1
//!     cat: true
//!     progress: [Economy]
//!     deck: [Glass, Stone]   # the top of the deck on Ana's left (her own), top first
//!     deck_size: 4           # that deck holds 4 cards (the rest go to the box)
//!   - name: Ben
//!     wonder: Babylon
//! central: [Coin]            # the top of the central deck, top first
//! central_size: 10
//! tokens: [Urbanism, Science, Tactics]   # face up
//! pile: [Culture]            # the pile's top, top first
//! war: 2                     # conflict tokens showing war
//! to_move: Ana               # whose turn begins (default: the first player)
//! discard: [Wood]
//! steps: […]
//! ```
//!
//! Every card placed comes out of the game's 235 (from the box first, then
//! the bottom of the central deck, then the bottoms of the wonder decks), so
//! cards are conserved; a card none of which is left is refused. Every
//! mistake of the set-up (all but the steps) is reported at once, each at
//! its line and column.
//!
//! Moves: `takes the left card` (or `right`, `central`; `takes Wood from the
//! left deck`), `takes the card of Ben's deck`, `looks at the left deck`,
//! `keeps Wood`, `chooses Tactics` (or `chooses the face-down token`),
//! `builds 3 different with Wood, Stone and Coin` (or `builds 3 different`),
//! `trades Compass, Gear and Tablet` (or `trades Compass and Compass`).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::CardId;

use crate::doc::{DocError, Found, Scalar, Value, at, int, value_int, value_text, value_texts};
use crate::engine::city::City;
use crate::engine::nearest::normal;
use crate::game::{Game, Setup};
use crate::reader::{Opened, open, seat_named, seed};
use crate::scenario::{
    Check, Scenario, Scenarios, cards_named, equal, same_cards, same_names, same_tokens, value_bool,
};
use crate::sheet::{card, token};

use super::sheet::PlayerDoc;
use super::{Architects, Deck, FACE_UP, Move, Phase, Pick, Position, State};

/// A scenario of 7 Wonders Architects (`dsl/SCENARIOS.md`).
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
    #[schemars(with = "Vec<PlayerDoc>")]
    players: Spanned<Vec<Spanned<PlayerDoc>>>,
    /// The top of the central deck, top first.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    central: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    central_size: Option<Spanned<Scalar>>,
    /// The progress tokens face up.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    tokens: Option<Vec<Spanned<String>>>,
    /// The top of the token pile, top first.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pile: Option<Vec<Spanned<String>>>,
    /// Conflict tokens on their war side.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    war: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    to_move: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    discard: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    #[schemars(with = "Vec<Value>")]
    steps: Vec<Spanned<Value>>,
}

crate::reader::document!(ScenarioDoc, "scenario", PlayerDoc);

/// Takes one `c` out of the cards not placed yet: the box, then the
/// central deck and the wonder decks from the bottom, below `fixed` tops.
fn take_from_supply(t: &mut Position, c: CardId, fixed: &[usize]) -> bool {
    if let Some(i) = t.boxed.iter().position(|&x| x == c) {
        t.boxed.remove(i);
        return true;
    }
    let free = |len: usize, f: usize| len.saturating_sub(f);
    let nc = free(t.central.len(), fixed.last().copied().unwrap_or(0));
    if let Some(i) = t.central[..nc].iter().position(|&x| x == c) {
        t.central.remove(i);
        return true;
    }
    for (s, d) in t.decks.iter_mut().enumerate() {
        let n = free(d.len(), fixed.get(s).copied().unwrap_or(0));
        if let Some(i) = d[..n].iter().position(|&x| x == c) {
            d.remove(i);
            return true;
        }
    }
    false
}

impl Architects {
    /// Puts `names` on top of deck `d` (top first), each swapped with a copy
    /// from the cards not fixed yet; `fixed` counts the fixed tops of every
    /// deck (the seats', then the central one). A name that cannot be put
    /// there is a mistake kept in `found`, and the card under it stays.
    fn stack(
        &self,
        t: &mut Position,
        d: Deck,
        names: &Spanned<Vec<Spanned<String>>>,
        fixed: &mut [usize],
        found: &mut Found,
    ) {
        let slot = match d {
            Deck::Seat(s) => usize::from(s),
            Deck::Central => fixed.len() - 1,
        };
        for (i, name) in names.value.iter().enumerate() {
            let c = found.keep(card(&self.vocab, name));
            let len = t.deck(d).len();
            if i >= len {
                // Said once, at the first name past the deck's bottom.
                if i == len {
                    found.push(at(
                        name,
                        format!(
                            "the deck holds {} only",
                            crate::text::plural(len as i64, "card")
                        ),
                    ));
                }
                continue;
            }
            let target = len - 1 - i;
            fixed[slot] = i + 1;
            let Some(c) = c else { continue };
            // The same deck, below the target; the box; the other decks.
            let here = t.deck(d)[..target].iter().position(|&x| x == c);
            if let Some(j) = here {
                if let Some(deck) = t.deck_mut(d) {
                    deck.swap(j, target);
                }
                continue;
            }
            let mut from: Option<(Option<Deck>, usize)> =
                t.boxed.iter().position(|&x| x == c).map(|j| (None, j));
            if from.is_none() {
                let mut others: Vec<Deck> = vec![Deck::Central];
                others.extend((0..t.decks.len()).map(|s| Deck::Seat(s as u8)));
                for o in others.into_iter().filter(|&o| o != d) {
                    let f = match o {
                        Deck::Seat(s) => fixed[usize::from(s)],
                        Deck::Central => fixed[fixed.len() - 1],
                    };
                    let od = t.deck(o);
                    let n = od.len().saturating_sub(f);
                    if let Some(j) = od[..n].iter().position(|&x| x == c) {
                        from = Some((Some(o), j));
                        break;
                    }
                }
            }
            let Some((src, j)) = from else {
                found.push(at(
                    name,
                    format!(
                        "no {} is left to put here: the game has no more",
                        self.card_name(c)
                    ),
                ));
                continue;
            };
            let old = t.deck(d)[target];
            match src {
                None => t.boxed[j] = old,
                Some(o) => {
                    if let Some(od) = t.deck_mut(o) {
                        od[j] = old;
                    }
                }
            }
            if let Some(deck) = t.deck_mut(d) {
                deck[target] = c;
            }
        }
    }

    /// Cuts deck `d` to `size` cards (those below go to the box).
    fn cut(
        &self,
        t: &mut Position,
        d: Deck,
        size: &Spanned<Scalar>,
        fixed: usize,
        field: &str,
    ) -> Result<(), DocError> {
        let len = t.deck(d).len();
        let n = int(size, field, fixed as i64..=len as i64)? as usize;
        if let Some(deck) = t.deck_mut(d) {
            let gone: Vec<CardId> = deck.drain(..len - n).collect();
            t.boxed.extend(gone);
        }
        Ok(())
    }

    /// Removes one token `k` from the face-up ones or the pile.
    fn untoken(t: &mut Position, k: u8) -> bool {
        if let Some(i) = t.pile.iter().position(|&x| x == k) {
            t.pile.remove(i);
            true
        } else if let Some(i) = t.face_up.iter().position(|&x| x == k) {
            t.face_up.remove(i);
            true
        } else {
            false
        }
    }
}

impl Scenarios for Architects {
    fn read_scenario(&self, text: &str) -> Result<Scenario<Architects>, DocError> {
        let Opened { doc, names, .. } =
            open::<ScenarioDoc, _>(self.info, text, self.player_range(), |d| {
                crate::reader::same_card_sets(
                    &self.vocab,
                    d.edition.as_ref(),
                    d.expansions.as_ref(),
                )
            })?;
        let players = &doc.players.value;
        let n = players.len();
        // Every mistake of the set-up is kept and its item skipped, so that
        // they are reported together.
        let mut found = Found::default();
        let seed = found.keep(seed(doc.seed.as_ref())).unwrap_or(1);
        let given = players.iter().filter(|p| p.value.wonder.is_some()).count();
        let mut setup = Setup::new(n, seed);
        // Whether each player's stages can be read (its wonder is known).
        let mut known = vec![true; n];
        if given > 0 {
            if given < n {
                let p = players
                    .iter()
                    .find(|p| p.value.wonder.is_none())
                    .map_or(&doc.players.value[0].value.name, |p| &p.value.name);
                found.push(at(
                    p,
                    "give a `wonder` to every player or to none (then they are dealt)",
                ));
            }
            let wonders = self.wonders_of(players, &mut found);
            known = wonders.iter().map(Option::is_some).collect();
            let Some(seated) = self.seated(&wonders) else {
                return Err(found.and(at(
                    &doc.players,
                    "the scenario names more players than the game has wonders",
                )));
            };
            setup = setup.with_wonders(seated.into_iter().map(|w| (w, 0)).collect());
        }
        let mut st = match self.start(&setup) {
            Ok(st) => st,
            Err(e) => return Err(found.and(at(&doc.players, e.to_string()))),
        };
        {
            let fixed = vec![0usize; n + 1];
            let mut supply = |st: &mut State, c: CardId| take_from_supply(&mut st.table, c, &fixed);
            self.fill_players(&mut st, players, &known, Some(&mut supply), &mut found);
        }
        let t = &mut st.table;
        for c in doc.discard.iter().flatten() {
            let Some(id) = found.keep(card(&self.vocab, c)) else {
                continue;
            };
            if !take_from_supply(t, id, &vec![0; n + 1]) {
                found.push(at(
                    c,
                    format!("no {} is left to discard", self.card_name(id)),
                ));
                continue;
            }
            t.discard.push(id);
        }
        let mut fixed = vec![0usize; n + 1];
        if let Some(c) = &doc.central {
            self.stack(t, Deck::Central, c, &mut fixed, &mut found);
        }
        for (seat, p) in players.iter().enumerate() {
            if let Some(d) = &p.value.deck {
                self.stack(t, Deck::Seat(seat as u8), d, &mut fixed, &mut found);
            }
        }
        if let Some(size) = &doc.central_size {
            found.keep(self.cut(t, Deck::Central, size, fixed[n], "central_size"));
        }
        for (seat, p) in players.iter().enumerate() {
            if let Some(size) = &p.value.deck_size {
                found.keep(self.cut(t, Deck::Seat(seat as u8), size, fixed[seat], "deck_size"));
            }
        }
        // The face-up tokens: those given, or the dealt ones refilled.
        if let Some(up) = &doc.tokens {
            let old = std::mem::take(&mut t.face_up);
            t.pile.splice(0..0, old);
            for name in up {
                let Some(k) = found.keep(token(&self.vocab, name)) else {
                    continue;
                };
                if !Self::untoken(t, k) {
                    found.push(at(
                        name,
                        format!("no {} is left to lay face up", self.token_name(k)),
                    ));
                    continue;
                }
                t.face_up.push(k);
            }
            if let Some(extra) = up.get(FACE_UP) {
                found.push(at(extra, format!("{FACE_UP} tokens lie face up at most")));
            }
        }
        if let Some(pile) = &doc.pile {
            let mut top = Vec::new();
            for name in pile {
                let Some(k) = found.keep(token(&self.vocab, name)) else {
                    continue;
                };
                let Some(i) = t.pile.iter().position(|&x| x == k) else {
                    found.push(at(
                        name,
                        format!("no {} is left for the pile", self.token_name(k)),
                    ));
                    continue;
                };
                t.pile.remove(i);
                top.push(k);
            }
            t.pile.extend(top.into_iter().rev());
        }
        if doc.tokens.is_none() {
            while t.face_up.len() < FACE_UP {
                let Some(k) = t.pile.pop() else { break };
                t.face_up.push(k);
            }
        }
        if let Some(w) = &doc.war
            && let Some(war) = found.keep(int(w, "war", 0..=i64::from(t.conflict)))
        {
            t.war = war as u8;
        }
        t.current = doc
            .to_move
            .as_ref()
            .and_then(|who| found.keep(seat_named(&names, who)))
            .unwrap_or(0);
        // The position is not what the scenario meant: no turn begins.
        found.or(())?;
        t.turns = 0;
        for city in &mut t.cities {
            city.abilities.pending.clear();
        }
        if !self.begin_turn(&mut st) {
            self.carry_on(&mut st);
        }
        Ok(Scenario {
            state: st,
            names,
            steps: doc.steps,
        })
    }

    fn cities<'s>(&self, state: &'s State) -> &'s [City] {
        &state.table.cities
    }

    fn phrases(&self, st: &State, names: &[String], seat: usize, mv: &Move, out: &mut Vec<String>) {
        let t = &st.table;
        match *mv {
            Move::Take(d) => {
                let looking = matches!(st.phase, Phase::Extra { top, .. } if top > 1);
                let top = t.deck(d).last().map(|&c| self.card_name(c));
                // By its owner, then (last, as lists of moves show it) by
                // its side.
                let mut where_ = Vec::new();
                match d {
                    Deck::Central => where_.push("central".to_string()),
                    Deck::Seat(s) => {
                        let n = t.seats().max(1);
                        let s = usize::from(s);
                        where_.push(format!("{}'s", names[s]));
                        if s == (seat + n - 1) % n {
                            where_.push("right".to_string());
                        }
                        if s == seat % n {
                            where_.push("left".to_string());
                        }
                    }
                }
                for w in where_ {
                    let deck = if w.ends_with("'s") {
                        format!("{w} deck")
                    } else {
                        format!("the {w} deck")
                    };
                    if looking {
                        out.push(format!("looks at {deck}"));
                        continue;
                    }
                    if let Some(c) = top.filter(|_| d != Deck::Central) {
                        out.push(format!("takes {c} from {deck}"));
                    }
                    if w.ends_with("'s") {
                        out.push(format!("takes the card of {deck}"));
                    } else {
                        out.push(format!("takes the {w} card"));
                    }
                }
            }
            Move::Keep(c) => out.push(format!("keeps {}", self.card_name(c))),
            Move::Option(o) => out.push(format!("chooses option {}", o + 1)),
            Move::Token(Pick::Up(k)) => {
                out.push(format!("chooses {}", self.token_name(k)));
                out.push(format!("takes {}", self.token_name(k)));
            }
            Move::Token(Pick::Pile) => {
                out.push("chooses the face-down token".to_string());
                out.push("takes the face-down token".to_string());
            }
            // The short phrase names the first way to pay; the full one is
            // last, so that lists of legal moves tell the ways apart.
            Move::Build { piece, pay } => {
                let p = self.piece_name(t.wonders[seat], piece);
                out.push(format!("builds {p}"));
                out.push(format!("builds {p} with {}", self.pay_words(&pay)));
            }
            Move::Science { symbols, pair } => {
                let set = self.set_words(symbols, pair);
                out.push(format!("trades {set} for a progress token"));
                out.push(format!("trades {set}"));
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
        match state.phase {
            Phase::Act if !phrase.starts_with("builds") && !phrase.starts_with("trades") => Some(
                format!("{who} must first build the stages and trade the science sets due"),
            ),
            Phase::Keep => Some(format!("{who} keeps one of the cards looked at first")),
            Phase::Token => Some(format!("{who} chooses a progress token first")),
            Phase::Extra { top, .. } if top > 1 => {
                Some(format!("{who} chooses the deck to look at first"))
            }
            Phase::Take | Phase::Extra { .. } => {
                let (deck, name) = if phrase.contains("left") {
                    (Deck::Seat(seat as u8), "left")
                } else if phrase.contains("right") {
                    let n = t.seats().max(1);
                    (Deck::Seat(((seat + n - 1) % n) as u8), "right")
                } else if phrase.contains("central") {
                    (Deck::Central, "central")
                } else {
                    return None;
                };
                if t.deck(deck).is_empty() {
                    Some(format!("the {name} deck is empty"))
                } else if phrase.starts_with("takes ") && !phrase.starts_with("takes the") {
                    t.deck(deck).last().map(|&c| {
                        format!("the top card of the {name} deck is {}", self.card_name(c))
                    })
                } else {
                    None
                }
            }
            _ => None,
        }
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
        Ok(match (seat, key) {
            (Some(s), "progress") => tokens(&t.tokens[s])?,
            (Some(s), "pieces") => {
                let w = t.wonders[s];
                let want: Vec<String> = value_texts(value, key)?
                    .iter()
                    .map(|p| crate::engine::vocab::key(&p.value))
                    .collect();
                let have: Vec<String> = (0..16u8)
                    .filter(|&p| t.built[s] & (1 << p) != 0)
                    .map(|p| self.piece_name(w, p))
                    .collect();
                same_names(
                    want.iter().map(String::as_str).collect(),
                    have.iter().map(String::as_str).collect(),
                )
            }
            (Some(s), "cat") => equal(value_bool(value, key)?, t.cat == Some(s)),
            (Some(s), "deck") => equal(value_int(value, key)?, t.decks[s].len() as i64),
            (Some(s), "top") => {
                let want = normal(value_text(value, key)?);
                let have = t.decks[s]
                    .last()
                    .map_or("none".to_string(), |&c| normal(self.card_name(c)));
                let want = if want == "none" {
                    want
                } else {
                    let c =
                        crate::sheet::card_named(&self.vocab, &want).map_err(|m| at(value, m))?;
                    normal(self.card_name(c))
                };
                if want == have {
                    Check::Pass
                } else {
                    Check::Fail(format!("expected {want}, found {have}"))
                }
            }
            (None, "tokens") => tokens(&t.face_up)?,
            (None, "pile") => equal(value_int(value, key)?, t.pile.len() as i64),
            (None, "war") => equal(value_int(value, key)?, i64::from(t.war)),
            (None, "battles") => equal(value_int(value, key)?, i64::from(t.battles)),
            (None, "central") => equal(value_int(value, key)?, t.central.len() as i64),
            (None, "discard") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.discard.iter().copied(),
            ),
            (None, "looking") => same_cards(
                &self.vocab,
                &cards_named(&self.vocab, value, key)?,
                t.looking.iter().copied(),
            ),
            _ => Check::Unknown,
        })
    }

    fn check_keys(&self, seat: bool) -> &'static [&'static str] {
        if seat {
            &["progress", "pieces", "cat", "deck", "top"]
        } else {
            &[
                "tokens", "pile", "war", "battles", "central", "discard", "looking",
            ]
        }
    }
}
