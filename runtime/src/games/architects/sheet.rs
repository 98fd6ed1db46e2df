//! Architects city sheets, for the score and price calculators.
//!
//! ```yaml
//! game: architects
//! players:                  # clockwise: each player's left neighbour is the next
//!   - name: Ana
//!     wonder: Giza
//!     pieces: [2 different, 2 identical]   # stages built, named by cost;
//!                           # {name: <stage>, option: 2}: built with a choice (`one of`)
//!     blue: 2               # blue cards of 3 points
//!     blue_cat: 1           # blue cards of 2 points with a cat
//!     military: 3           # military victory tokens
//!     cat: true             # holds the cat figure (at most one player)
//!     progress: [Culture, Education]       # Culture may appear twice; as `pieces`
//!     cards: [Wood, Coin]   # other cards in front of the player (for --stage)
//! ```
//!
//! A table is rebuilt by running the effects of what is listed; what those
//! effects set off (cards taken, the cat moved, tokens flipped) happened
//! already and is not carried out. The cat goes only where `cat: true`
//! says. A stage whose lower levels are not all listed cannot have been
//! built: it is refused at its place. Every mistake in what the players
//! list is reported at once, each at its line and column (the stages of a
//! player whose wonder is unknown are not read: they are named by it).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::{CardId, Source};

use crate::doc::{DocError, Found, Scalar, at, int, nowhere};
use crate::reader::{Opened, open, players_as};
use crate::sheet::{
    Price, Sheet, SheetError, Sheets, Target, TargetSpec, card, quoted, quoted_list, token, wonder,
};

use super::{Architects, Move, Phase, State};

/// Where a scenario takes each card it places: false if none is left.
pub(super) type Supply<'a> = &'a mut dyn FnMut(&mut State, CardId) -> bool;

/// Most cards of one kind a sheet may list for a player.
pub const MAX_COUNT: i64 = 1000;

/// A city sheet of 7 Wonders Architects.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetDoc {
    /// The game: `architects`.
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
    /// 2 to 7 players, clockwise: each player's left neighbour is the next.
    #[schemars(with = "Vec<SheetPlayer>")]
    players: Spanned<Vec<Spanned<SheetPlayer>>>,
}

/// A player of an Architects sheet.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetPlayer {
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// The player's wonder.
    #[schemars(with = "String")]
    wonder: Spanned<String>,
    /// Stages built, named by cost (`2 different`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pieces: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Blue cards of 3 points.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    blue: Option<Spanned<Scalar>>,
    /// Blue cards of 2 points with a cat.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    blue_cat: Option<Spanned<Scalar>>,
    /// Military victory tokens.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    military: Option<Spanned<Scalar>>,
    /// Holds the cat (at most one player).
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    cat: Option<Spanned<bool>>,
    /// Progress tokens held.
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    progress: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Other cards in front of the player (resources, coins…).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    cards: Option<Vec<Spanned<String>>>,
    /// Tokens held of each kind the card sets declare (`tokens:` in their
    /// game.yaml), by kind: `{favour: 2}`.
    #[serde(default)]
    #[schemars(with = "Option<crate::tokens::HeldDocs>")]
    tokens: Option<Spanned<crate::doc::Value>>,
}

crate::reader::document!(SheetDoc, "sheet", SheetPlayer);

impl From<SheetPlayer> for PlayerDoc {
    fn from(p: SheetPlayer) -> Self {
        PlayerDoc {
            name: p.name,
            wonder: Some(p.wonder),
            pieces: p.pieces,
            blue: p.blue,
            blue_cat: p.blue_cat,
            military: p.military,
            cat: p.cat,
            progress: p.progress,
            cards: p.cards,
            tokens: p.tokens,
            deck: None,
            deck_size: None,
        }
    }
}

/// A player of a scenario (and, converted, of a sheet).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDoc {
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    /// For every player or none (then dealt).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(super) wonder: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(super) pieces: Option<Vec<Spanned<crate::reader::Built>>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) blue: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) blue_cat: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) military: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    pub(super) cat: Option<Spanned<bool>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(super) progress: Option<Vec<Spanned<crate::reader::Built>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) cards: Option<Vec<Spanned<String>>>,
    /// Tokens held of each kind the card sets declare (`tokens:` in their
    /// game.yaml), by kind: `{favour: 2}`.
    #[serde(default)]
    #[schemars(with = "Option<crate::tokens::HeldDocs>")]
    pub(super) tokens: Option<Spanned<crate::doc::Value>>,
    /// The top of the player's (left) deck, top first.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) deck: Option<Spanned<Vec<Spanned<String>>>>,
    /// How many cards that deck holds.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) deck_size: Option<Spanned<Scalar>>,
}

impl Architects {
    /// The blue card of this game with (or without) the cat.
    fn blue_card(&self, cat: bool) -> Option<CardId> {
        let blue = self.vocab.colour("blue").ok()?;
        self.info
            .cards
            .iter()
            .enumerate()
            .find(|(i, c)| c.colour == blue && self.kinds[*i].cat == cat)
            .map(|(i, _)| CardId(i as u16))
    }

    /// The stage of wonder `w` named by its cost (`3 different`, any case
    /// and spacing) or by its number (`stage 2`).
    fn piece_named(&self, w: u8, name: &Spanned<String>) -> Result<u8, DocError> {
        let key = crate::engine::vocab::key(&name.value);
        let stages = self.stages(w);
        let found = (0..stages.len())
            .find(|&p| key == self.piece_name(w, p as u8) || key == format!("stage {}", p + 1));
        found.map(|p| p as u8).ok_or_else(|| {
            let all: Vec<String> = (0..stages.len())
                .map(|p| self.piece_name(w, p as u8))
                .collect();
            at(
                name,
                format!(
                    "{} has no stage `{}` (its stages: {})",
                    self.wonder_name(w),
                    crate::text::shown(name.value.trim()),
                    all.join(", ")
                ),
            )
        })
    }

    /// Gives the players what they list: stages built, cards, progress
    /// tokens (their effects run, what they set off is dropped), military
    /// victory tokens and the cat. `supply` takes each card given from the
    /// game's cards (scenarios); `None` conjures it (sheets). `known` says,
    /// per seat, whether the player's wonder is the one seated: a stage is
    /// named by its wonder's costs, so the stages of a player whose wonder
    /// is unknown are not read.
    ///
    /// Each mistake is kept in `found` and its item skipped, so that a
    /// document's mistakes are reported together.
    pub(super) fn fill_players(
        &self,
        st: &mut State,
        players: &[Spanned<PlayerDoc>],
        known: &[bool],
        mut supply: Option<Supply<'_>>,
        found: &mut Found,
    ) {
        let mut cat_at: Option<(usize, &Spanned<bool>)> = None;
        for (seat, p) in players.iter().enumerate() {
            let p = &p.value;
            if known.get(seat).copied().unwrap_or(false) {
                self.fill_pieces(st, seat, p, found);
            }
            let mut give = |st: &mut State, c: CardId, at_: &dyn Fn(String) -> DocError| {
                if let Some(take) = supply.as_mut()
                    && !take(st, c)
                {
                    return Err(at_(format!(
                        "no {} is left to give: the game has no more",
                        self.card_name(c)
                    )));
                }
                self.place(&mut st.table, seat, c);
                Ok(())
            };
            for (field, cat) in [(&p.blue, false), (&p.blue_cat, true)] {
                let Some(n) = field else { continue };
                let name = if cat { "blue_cat" } else { "blue" };
                let Some(count) = found.keep(int(n, name, 0..=MAX_COUNT)) else {
                    continue;
                };
                if count == 0 {
                    continue;
                }
                let Some(c) = self.blue_card(cat) else {
                    found.push(at(n, "the game has no such blue card"));
                    continue;
                };
                for _ in 0..count {
                    // Once the supply is out, every other copy would say so
                    // again: one mistake for the field.
                    if found.keep(give(st, c, &|m| at(n, m))).is_none() {
                        break;
                    }
                }
            }
            for name in p.cards.iter().flatten() {
                let Some(c) = found.keep(card(&self.vocab, name)) else {
                    continue;
                };
                found.keep(give(st, c, &|m| at(name, m)));
            }
            for (name, option) in &crate::reader::Built::all(&p.progress) {
                let option = option.as_ref();
                let Some(k) = found.keep(token(&self.vocab, name)) else {
                    continue;
                };
                let (source, what) = (Source::Progress(k), self.token_name(k));
                let option = crate::reader::option_of(self.info, source, what, option);
                let Some(option) = found.keep(option) else {
                    continue;
                };
                let copies = self.info.progress[usize::from(k)].copies;
                let held = st
                    .table
                    .tokens
                    .iter()
                    .flatten()
                    .filter(|&&x| x == k)
                    .count();
                if held >= usize::from(copies) {
                    found.push(at(
                        name,
                        format!(
                            "the game has {} of {}",
                            if copies == 1 {
                                "1 copy".to_string()
                            } else {
                                format!("{copies} copies")
                            },
                            self.token_name(k)
                        ),
                    ));
                    continue;
                }
                if let Some(i) = st.table.pile.iter().position(|&x| x == k) {
                    st.table.pile.remove(i);
                } else if let Some(i) = st.table.face_up.iter().position(|&x| x == k) {
                    st.table.face_up.remove(i);
                }
                if let Some(o) = option {
                    st.table.cities[seat].choose(source, o);
                }
                self.give_token(&mut st.table, seat, k);
                self.run_asked(&mut st.table, seat);
            }
            if let Some(m) = &p.military
                && let Some(v) = found.keep(int(m, "military", 0..=MAX_COUNT))
            {
                st.table.cities[seat].victories = v as u32;
            }
            crate::tokens::give(
                self.info,
                p.tokens.as_ref(),
                &mut st.table.cities[seat],
                found,
            );
            if let Some(c) = &p.cat
                && c.value
            {
                if let Some((_, first)) = cat_at {
                    found.push(at(
                        c,
                        format!(
                            "the cat is one figure: it is already given at line {}",
                            first.referenced.line()
                        ),
                    ));
                } else {
                    cat_at = Some((seat, c));
                }
            }
        }
        st.table.cat = cat_at.map(|(seat, _)| seat);
        for city in &mut st.table.cities {
            city.abilities.pending.clear();
        }
        st.table.war = 0;
        st.table.battle = false;
    }

    /// Raises the stages `p` lists for `seat`, each named once and above
    /// every stage of a lower level; a stage refused is not raised, nor is
    /// any above it (they need it).
    fn fill_pieces(&self, st: &mut State, seat: usize, p: &PlayerDoc, found: &mut Found) {
        let w = st.table.wonders[seat];
        let pieces = crate::reader::Built::all(&p.pieces);
        let mut listed: Vec<(u8, &Spanned<String>)> = Vec::new();
        for (name, option) in &pieces {
            let option = option.as_ref();
            let Some(piece) = found.keep(self.piece_named(w, name)) else {
                continue;
            };
            let source = Source::Stage {
                wonder: w,
                side: 0,
                stage: piece,
            };
            let what = self.piece_name(w, piece);
            let option = crate::reader::option_of(self.info, source, &what, option);
            let Some(option) = found.keep(option) else {
                continue;
            };
            if let Some(o) = option {
                st.table.cities[seat].choose(source, o);
            }
            if listed.iter().any(|&(x, _)| x == piece) {
                found.push(at(
                    name,
                    format!("{} is listed twice", self.piece_name(w, piece)),
                ));
                continue;
            }
            listed.push((piece, name));
        }
        let stages = self.stages(w);
        let mut raised: Vec<u8> = Vec::new();
        for &(piece, name) in &listed {
            let level = stages[usize::from(piece)].level;
            let missing: Vec<String> = (0..stages.len())
                .filter(|&j| stages[j].level < level)
                .filter(|&j| !listed.iter().any(|&(x, _)| usize::from(x) == j))
                .map(|j| self.piece_name(w, j as u8))
                .collect();
            if missing.is_empty() {
                raised.push(piece);
            } else {
                found.push(at(
                    name,
                    format!(
                        "{} of {} cannot be built before {} below it",
                        self.piece_name(w, piece),
                        self.wonder_name(w),
                        missing.join(", ")
                    ),
                ));
            }
        }
        raised.sort_by_key(|&piece| (stages[usize::from(piece)].level, piece));
        for piece in raised {
            self.raise(&mut st.table, seat, piece);
            self.run_asked(&mut st.table, seat);
        }
    }

    /// The wonders of the players who name one, each named once: `None`
    /// for a player who names none, and for a wonder unknown or named
    /// already, whose mistake is kept in `found`.
    pub(super) fn wonders_of(
        &self,
        players: &[Spanned<PlayerDoc>],
        found: &mut Found,
    ) -> Vec<Option<u8>> {
        let mut out: Vec<Option<u8>> = Vec::new();
        for p in players {
            // Its stages are named by its wonder: unread without it, as
            // the mistake says.
            let unread = if p.value.pieces.is_some() {
                " (its stages are not checked until it is known)"
            } else {
                ""
            };
            let id = p.value.wonder.as_ref().and_then(|w| {
                let id = found.keep(wonder(&self.vocab, w).map_err(|mut e| {
                    e.message.push_str(unread);
                    e
                }))?;
                if out.contains(&Some(id)) {
                    found.push(at(w, format!("{} is given twice", self.wonder_name(id))));
                    return None;
                }
                Some(id)
            });
            out.push(id);
        }
        out
    }

    /// The wonders to seat: each player's, and for a player whose wonder is
    /// not known one that nobody names (its stages are then not read);
    /// `None` when the game has too few wonders for that.
    pub(super) fn seated(&self, wonders: &[Option<u8>]) -> Option<Vec<u8>> {
        let all = self.info.wonders.len().min(256);
        let mut spare = (0..all as u16)
            .map(|w| w as u8)
            .filter(|w| !wonders.contains(&Some(*w)));
        wonders.iter().map(|w| w.or_else(|| spare.next())).collect()
    }
}

impl Sheets for Architects {
    fn write_sheet(&self, state: &State, names: &[String]) -> String {
        let t = &state.table;
        let mut out = format!(
            "game: {}\n{}players:\n",
            quoted(self.info.name),
            crate::reader::card_sets(&self.vocab)
        );
        for (s, c) in t.cities.iter().enumerate() {
            let name = names.get(s).map_or("?", String::as_str);
            let w = t.wonders[s];
            // Each named with its option when it offers a choice (`one of`).
            let entry = |source, name: &str| crate::reader::built_entry(self.info, c, source, name);
            let pieces: Vec<String> = (0..self.stages(w).len())
                .filter(|&p| t.built[s] & (1 << p) != 0)
                .map(|p| {
                    let stage = p as u8;
                    let source = Source::Stage {
                        wonder: w,
                        side: 0,
                        stage,
                    };
                    entry(source, &self.piece_name(w, stage))
                })
                .collect();
            let cards = c.cards.iter().map(|&k| self.card_name(k));
            let tokens: Vec<String> = t.tokens[s]
                .iter()
                .map(|&k| entry(Source::Progress(k), self.token_name(k)))
                .collect();
            out.push_str(&format!(
                "  - name: {}\n    wonder: {}\n    pieces: [{}]\n    military: {}\n    cat: {}\n    progress: [{}]\n    cards: {}\n",
                quoted(name),
                quoted(self.wonder_name(w)),
                pieces.join(", "),
                c.victories,
                t.cat == Some(s),
                tokens.join(", "),
                quoted_list(cards)
            ));
            out.push_str(&crate::tokens::line(self.info, c));
        }
        out
    }

    fn targets(&self) -> Vec<TargetSpec> {
        vec![TargetSpec {
            kind: "stage",
            named: false,
            help: "the player's next wonder stage (cards are taken from the decks, never bought)",
        }]
    }

    fn read_sheet(&self, text: &str) -> Result<Sheet<Architects>, SheetError> {
        let Opened { doc, names, .. } =
            open::<SheetDoc, _>(self.info, text, self.player_range(), |d| {
                crate::reader::same_card_sets(
                    &self.vocab,
                    d.edition.as_ref(),
                    d.expansions.as_ref(),
                )
            })?;
        let players: &[Spanned<PlayerDoc>] = &players_as(doc.players);
        // Every mistake in what the players list is kept, and all are
        // reported together.
        let mut found = Found::default();
        let wonders = self.wonders_of(players, &mut found);
        let Some(seated) = self.seated(&wonders) else {
            // Only when a wonder is unknown (a player count is within the
            // game's wonders): its mistake is kept.
            found.or(())?;
            return Err(nowhere(
                "the sheet names more players than the game has wonders",
            ));
        };
        let known: Vec<bool> = wonders.iter().map(Option::is_some).collect();
        let mut st = self.empty(&seated);
        self.fill_players(&mut st, players, &known, None, &mut found);
        found.or(())?;
        st.phase = Phase::Over;
        Ok(Sheet { state: st, names })
    }

    /// Whether the player can build a stage now with the cards the sheet
    /// gives it (`cards`), and how: the payment spending the fewest cards
    /// (then the fewest coins). `coins` is the coin cards it spends.
    fn price(
        &self,
        st: &State,
        names: &[String],
        seat: usize,
        target: &Target,
    ) -> Result<Price, SheetError> {
        if let Some(why) = self.refuse(target) {
            return Err(nowhere(why));
        }
        let t = &st.table;
        let who = &names[seat];
        let w = t.wonders[seat];
        let open: Vec<u8> = (0..self.stages(w).len())
            .filter(|&p| self.available(t, seat, p))
            .map(|p| p as u8)
            .collect();
        if open.is_empty() {
            return Ok(Price::no(format!(
                "{who}'s {} is finished",
                self.wonder_name(w)
            )));
        }
        let mut table = t.clone();
        table.current = seat;
        let mut moves = Vec::new();
        self.actions(&table, &mut moves);
        let best = moves
            .iter()
            .filter_map(|m| match m {
                Move::Build { piece, pay } => Some((*piece, *pay)),
                _ => None,
            })
            .min_by_key(|(piece, pay)| (pay.cards(), pay.coins, *piece));
        let names_open: Vec<String> = open.iter().map(|&p| self.piece_name(w, p)).collect();
        Ok(match best {
            Some((piece, pay)) => Price {
                buildable: true,
                coins: Some(u32::from(pay.coins)),
                chain: false,
                reason: format!(
                    "{who} can build {} with {}",
                    self.piece_name(w, piece),
                    self.pay_words(&pay)
                ),
            },
            None => {
                let held: Vec<&str> = t.cities[seat]
                    .cards
                    .iter()
                    .filter(|&&c| {
                        let k = self.kind(c);
                        k.res.is_some() || k.coins > 0
                    })
                    .map(|&c| self.card_name(c))
                    .collect();
                Price::no(format!(
                    "{who} cannot build {} with {}",
                    names_open.join(" or "),
                    if held.is_empty() {
                        "no resource or coin".to_string()
                    } else {
                        held.join(", ")
                    }
                ))
            }
        })
    }
}
