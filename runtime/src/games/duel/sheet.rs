//! Duel city sheets, for the score and price calculators.
//!
//! ```yaml
//! game: duel
//! conflict: 3               # pawn position, positive toward the second
//!                           # player's capital (−9..9; default 0)
//! players:                  # exactly two; the first is the first player
//!   - name: Ana
//!     coins: 7              # default 0
//!     cards: [<card>, …]    # built cards, names or aliases, any case;
//!                           # {name: <card>, option: 2}: built with a choice (`one of`)
//!     wonders: [<wonder>, …]     # built wonders, as `cards`
//!     progress: [<token>, …]     # progress tokens held, as `cards`
//!     copies: [<card>, …]   # the opponent's cards whose science symbol
//!                           # the player counts too (`copy science`)
//!     influence: [1, 0, 2]  # the player's cubes in each chamber of the
//!                           # senate, from the first (`senate:`)
//! ```
//!
//! A table is rebuilt by running the built effects of cards, wonders and
//! tokens (coins they would have paid out are not added: the sheet gives
//! the coins as they are). Every mistake is reported with its line and
//! column. The game has one copy of each card, wonder and token: a sheet
//! naming one twice is refused, and so is pricing a card someone holds.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::Source;

use crate::doc::{Found, Scalar, at, int, nowhere};
use crate::engine::city::City;
use crate::engine::rng::Rng;
use crate::reader::{Opened, open, players_as};
use crate::sheet::{
    Price, Sheet, SheetError, Sheets, Target, TargetSpec, card, card_named, quoted, token, wonder,
    wonder_named,
};
use crate::text::plural;

use super::{Duel, MAX_WONDERS, Phase, Position, State, TradeCache, Victory, trade};

/// Most coins a sheet may give a player.
pub const MAX_COINS: i64 = 1_000_000;

/// A city sheet of Duel.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetDoc {
    /// The game: `duel`.
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
    /// The conflict pawn, positive toward the second player's capital.
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    conflict: Option<Spanned<Scalar>>,
    /// The decree on each chamber of the senate, face up, from the first
    /// (`~` for none), where a senate lays decrees.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Option<String>>>")]
    decrees: Option<Spanned<Vec<Option<Spanned<String>>>>>,
    /// The decrees lying face up under the top one of each chamber, from
    /// the first (`move a decree to another chamber`), in the order laid.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Vec<String>>>")]
    decrees_under: Option<Spanned<Vec<Vec<Spanned<String>>>>>,
    /// The two players, the first player first.
    #[schemars(with = "Vec<SheetPlayer>")]
    players: Spanned<Vec<Spanned<SheetPlayer>>>,
}

/// A player of a Duel sheet.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetPlayer {
    #[schemars(with = "String")]
    name: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    coins: Option<Spanned<Scalar>>,
    /// Built cards, by name or alias; one built with a choice (`one of`)
    /// as `{name: …, option: 2}` (default: the first). So are wonders and
    /// progress tokens.
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    cards: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Built wonders.
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    wonders: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Progress tokens held.
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    progress: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Tokens held of each kind the card sets declare (`tokens:` in their
    /// game.yaml), by kind: `{favour: 2}`.
    #[serde(default)]
    #[schemars(with = "Option<crate::tokens::HeldDocs>")]
    tokens: Option<Spanned<crate::doc::Value>>,
    /// The opponent's cards whose science symbol this player counts too,
    /// where an effect lets it (`copy science`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    copies: Option<Vec<Spanned<String>>>,
    /// This player's cubes in each chamber of the senate, from the first,
    /// where one is in play (`senate:`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    influence: Option<Spanned<Vec<Spanned<Scalar>>>>,
}

crate::reader::document!(SheetDoc, "sheet", SheetPlayer);

impl From<SheetPlayer> for PlayerDoc {
    fn from(p: SheetPlayer) -> Self {
        PlayerDoc {
            name: p.name,
            coins: p.coins,
            cards: p.cards,
            wonders: p.wonders,
            progress: p.progress,
            tokens: p.tokens,
            copies: p.copies,
            influence: p.influence,
            schemes: None,
            prepared: None,
            to_build: None,
        }
    }
}

/// A player of a scenario (and, converted, of a sheet).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDoc {
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Option<Scalar>")]
    pub(super) coins: Option<Spanned<Scalar>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(super) cards: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Built wonders.
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(super) wonders: Option<Vec<Spanned<crate::reader::Built>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<crate::reader::Built>>")]
    pub(super) progress: Option<Vec<Spanned<crate::reader::Built>>>,
    /// Tokens held of each kind the card sets declare (`tokens:` in their
    /// game.yaml), by kind: `{favour: 2}`.
    #[serde(default)]
    #[schemars(with = "Option<crate::tokens::HeldDocs>")]
    pub(super) tokens: Option<Spanned<crate::doc::Value>>,
    /// The opponent's cards whose science symbol this player counts too
    /// (`copy science`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) copies: Option<Vec<Spanned<String>>>,
    /// This player's cubes in each chamber of the senate (`senate:`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub(super) influence: Option<Spanned<Vec<Spanned<Scalar>>>>,
    /// Scenarios only: the schemes this player holds face down, not yet
    /// prepared (`schemes:`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) schemes: Option<Vec<Spanned<String>>>,
    /// Scenarios only: the schemes this player holds prepared, ready to
    /// trigger at the start of a turn.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) prepared: Option<Vec<Spanned<String>>>,
    /// Scenarios only: the wonders still to build.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) to_build: Option<Spanned<Vec<Spanned<String>>>>,
}

impl Duel {
    /// A table with nothing on it: every wonder in the box, no cards laid
    /// out, the game over (for sheets to fill).
    fn empty(&self) -> State {
        let coins = 0;
        State {
            table: Position {
                cities: vec![City::new(0, 0, coins, 2), City::new(0, 0, coins, 2)],
                boxed_wonders: (0..self.info.wonders.len().min(256) as u16)
                    .map(|w| w as u8)
                    .collect(),
                board_tokens: Vec::new(),
                age: self.info.ages,
                ..Position::default()
            },
            phase: Phase::Over,
            rng: Rng::new(0),
            cache: TradeCache::default(),
            shadow: Default::default(),
            rebuild: true,
        }
    }

    /// Who holds `card`, if anyone.
    fn holder(&self, st: &State, card: sevenw_host::CardId) -> Option<usize> {
        (0..2).find(|&s| st.table.cities[s].cards.contains(&card))
    }
}

impl Sheets for Duel {
    fn write_sheet(&self, state: &State, names: &[String]) -> String {
        let t = &state.table;
        let mut out = format!(
            "game: {}\n{}conflict: {}\n",
            quoted(self.info.name),
            crate::reader::card_sets(&self.vocab),
            t.pawn()
        );
        if self.has_decrees() {
            let names = (t.decrees.iter().take(self.chambers()).enumerate())
                .map(|(c, d)| match d {
                    Some(d) if !Duel::decree_down(t, c) => quoted(self.card_name(*d)),
                    _ => "~".to_string(),
                })
                .collect::<Vec<_>>();
            out.push_str(&format!("decrees: [{}]\n", names.join(", ")));
            if !t.under.is_empty() {
                let n = 1 + t
                    .under
                    .iter()
                    .map(|&(c, _)| usize::from(c))
                    .max()
                    .unwrap_or(0);
                let under = (0..n)
                    .map(|c| {
                        let list = (t.under.iter().filter(|&&(k, _)| usize::from(k) == c))
                            .map(|&(_, d)| quoted(self.card_name(d)));
                        format!("[{}]", list.collect::<Vec<_>>().join(", "))
                    })
                    .collect::<Vec<_>>();
                out.push_str(&format!("decrees_under: [{}]\n", under.join(", ")));
            }
        }
        out.push_str("players:\n");
        for (s, c) in t.cities.iter().enumerate().take(2) {
            let name = names.get(s).map_or("?", String::as_str);
            // Each named with its option when it offers a choice (`one of`).
            let list = |items: Vec<String>| format!("[{}]", items.join(", "));
            let entry = |source, name| crate::reader::built_entry(self.info, c, source, name);
            let cards = c
                .cards
                .iter()
                .map(|&k| entry(Source::Card(k), self.card_name(k)));
            let wonders = t.built[s]
                .iter()
                .map(|&w| entry(super::stage_source(w), self.wonder_name(w)));
            let tokens = t.tokens[s]
                .iter()
                .map(|&k| entry(Source::Progress(k), self.token_name(k)));
            out.push_str(&format!(
                "  - name: {}\n    coins: {}\n    cards: {}\n    wonders: {}\n    progress: {}\n",
                quoted(name),
                c.coins,
                list(cards.collect()),
                list(wonders.collect()),
                list(tokens.collect())
            ));
            out.push_str(&crate::tokens::line(self.info, c));
            if !t.copied[s].is_empty() {
                let copies = t.copied[s].iter().map(|&k| quoted(self.card_name(k)));
                out.push_str(&format!("    copies: {}\n", list(copies.collect())));
            }
            let cubes = t.senate[..self.chambers()].iter().map(|c| c[s].to_string());
            if t.senate.iter().any(|c| c[s] > 0) {
                out.push_str(&format!("    influence: {}\n", list(cubes.collect())));
            }
        }
        out
    }

    fn targets(&self) -> Vec<TargetSpec> {
        vec![
            TargetSpec {
                kind: "card",
                named: true,
                help: "a card of the layout",
            },
            TargetSpec {
                kind: "wonder",
                named: true,
                help: "one of the player's wonders",
            },
        ]
    }

    fn read_sheet(&self, text: &str) -> Result<Sheet<Duel>, SheetError> {
        let Opened { doc, names, .. } = open::<SheetDoc, _>(self.info, text, (2, 2), |d| {
            crate::reader::same_card_sets(&self.vocab, d.edition.as_ref(), d.expansions.as_ref())
        })?;
        let players: &[Spanned<PlayerDoc>] = &players_as(doc.players);
        let mut st = self.empty();
        // The players' mistakes and the pawn's are reported together.
        let mut found = Found::default();
        found.keep(self.fill_players(&mut st, players, &names, 0));
        let decrees = (doc.decrees.as_ref(), doc.decrees_under.as_ref());
        self.give_decrees(&mut st, decrees, &mut found);
        let t = &mut st.table;
        t.track.seen = [t.cities[0].shields, t.cities[1].shields];
        if let Some(c) = &doc.conflict {
            let cap = i64::from(self.conflict.capital);
            if let Some(pawn) = found.keep(int(c, "conflict", -cap..=cap)) {
                st.table.track.pawn = pawn as i32;
            }
        }
        found.or(())?;
        // How the position is won: a pawn in a capital, six different
        // science symbols, or the civilian count.
        let science = (0..2).find(|&s| self.science_supremacy(&st.table.cities[s]));
        let political = self.political_supremacy(&st.table);
        st.table.ended = match (st.table.track.capital(&self.conflict), science, political) {
            (Some(w), _, _) => Some((Victory::Military, Some(w))),
            (None, Some(s), _) => Some((Victory::Science, Some(s))),
            (None, None, Some(s)) => Some((Victory::Political, Some(s))),
            (None, None, None) => None,
        };
        st.rebuild = false;
        Ok(Sheet { state: st, names })
    }

    /// Whether the player can build a card or a wonder now, and the coins
    /// paid for it: its coin cost and the resources bought ("Comercio").
    fn price(
        &self,
        st: &State,
        names: &[String],
        seat: usize,
        target: &Target,
    ) -> Result<Price, SheetError> {
        let t = &st.table;
        let city = &t.cities[seat];
        let who = &names[seat];
        let prices = self.prices(&t.cities, seat);
        if let Some(why) = self.refuse(target) {
            return Err(nowhere(why));
        }
        let name = target.name.as_deref().unwrap_or_default();
        let (cost, what, off, chains, waive) = match target.kind.as_str() {
            "wonder" => {
                let id = wonder_named(&self.vocab, name).map_err(nowhere)?;
                let what = self.wonder_name(id).to_string();
                if let Some(s) = (0..2).find(|&s| t.built[s].contains(&id)) {
                    return Ok(Price::no(format!(
                        "{what} is already built by {}",
                        names[s]
                    )));
                }
                if t.wonders_built() >= MAX_WONDERS {
                    return Ok(Price::no(format!(
                        "{MAX_WONDERS} wonders are built: {what} is out of the game"
                    )));
                }
                let Some(cost) = self.wonder_cost(id) else {
                    return Ok(Price::no(format!("{what} has no cost to pay")));
                };
                (
                    cost,
                    what,
                    trade::discount(city, true, sevenw_host::Colour(0)),
                    false,
                    false,
                )
            }
            _ => {
                let id = card_named(&self.vocab, name).map_err(nowhere)?;
                let what = self.card_name(id).to_string();
                match self.holder(st, id) {
                    Some(s) if s == seat => {
                        return Ok(Price::no(format!("{who} already has {what}")));
                    }
                    Some(s) => {
                        return Ok(Price::no(format!(
                            "{what} is already {}'s: the game has one copy",
                            names[s]
                        )));
                    }
                    None => {}
                }
                if city.has_name(self.vocab.name_class(id)) {
                    return Ok(Price::no(format!("{who} already has {what}")));
                }
                if self.chained(&t.cities, seat, id) {
                    return Ok(Price::chain(format!(
                        "{who} can build {what} for free by a chain"
                    )));
                }
                let info = &self.info.cards[usize::from(id.0)];
                let free = super::moves::free_colours(city).contains(info.colour);
                if free && info.cost.tokens.is_empty() {
                    return Ok(Price {
                        buildable: true,
                        coins: Some(0),
                        chain: false,
                        reason: format!("{who} builds {what} for free"),
                    });
                }
                (
                    &info.cost,
                    what,
                    trade::discount(city, false, info.colour),
                    City::may_chain(&self.vocab, id),
                    trade::waives(city, info.colour),
                )
            }
        };
        if let Some(why) = crate::tokens::lacking(self.info, city, cost.tokens, who, &what) {
            return Ok(Price::no(why));
        }
        let bought = trade::trade_cost(city, cost, &prices, off);
        let printed = trade::coins_of(cost, city, t.age);
        let (printed, bought) = if waive {
            trade::waived(city, cost, &prices, off, printed, bought)
        } else {
            (printed, bought)
        };
        let (coins, trade) = trade::capped(city.abilities.chain_price(), chains, printed, bought);
        let total = u32::from(coins) + trade;
        let words = match (coins, trade) {
            _ if (coins, trade) != (printed, bought) => {
                format!(
                    "{} (the price of a card a chain could make free)",
                    plural(total, "coin")
                )
            }
            (_, 0) => plural(total, "coin"),
            (0, _) => format!("{} for resources", plural(total, "coin")),
            (c, t) => format!(
                "{} ({c} of its cost, {t} for resources)",
                plural(total, "coin")
            ),
        };
        let ok = total <= self.purse(city) as u32;
        Ok(Price {
            buildable: ok,
            coins: Some(total),
            chain: false,
            reason: if ok {
                let coins = (total > 0).then_some(words);
                let words = crate::tokens::with_tokens(self.info, coins, cost.tokens);
                format!("{who} can build {what} for {words}")
            } else {
                format!(
                    "{who} cannot afford {what}: it costs {words} and {who} has {}",
                    self.purse_words(city)
                )
            },
        })
    }
}

impl Duel {
    /// Gives the players what they list: cards, wonders built, progress
    /// tokens (their effects run; the coins they would pay are not added),
    /// and coins (`coins` when not given). The game has one copy of each.
    pub(super) fn fill_players(
        &self,
        st: &mut State,
        players: &[Spanned<PlayerDoc>],
        names: &[String],
        coins: i32,
    ) -> Result<(), SheetError> {
        st.rebuild = true;
        // Each mistake is kept and its item skipped, so that a sheet's
        // mistakes are reported together.
        let mut found = Found::default();
        let mut seen_wonders = 0;
        for (seat, p) in players.iter().enumerate() {
            let p = &p.value;
            for (c, option) in &crate::reader::Built::all(&p.cards) {
                let option = option.as_ref();
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                let (source, what) = (Source::Card(id), self.card_name(id));
                let option = crate::reader::option_of(self.info, source, what, option);
                let Some(option) = found.keep(option) else {
                    continue;
                };
                if let Some(who) = self.holder(st, id) {
                    found.push(at(
                        c,
                        format!(
                            "{} is already {}'s: the game has one copy",
                            self.card_name(id),
                            names[who]
                        ),
                    ));
                    continue;
                }
                if let Some(o) = option {
                    st.table.cities[seat].choose(source, o);
                }
                self.give_card(st, seat, id);
            }
            let mut built = p.wonders.as_deref().unwrap_or(&[]);
            let most = self.wonders_each();
            if let Some(w) = built.get(most) {
                found.push(at(w, format!("a player has {most} wonders at most")));
                built = &[];
            }
            for (w, option) in &built
                .iter()
                .map(crate::reader::Built::parts)
                .collect::<Vec<_>>()
            {
                let option = option.as_ref();
                let Some(id) = found.keep(wonder(&self.vocab, w)) else {
                    continue;
                };
                let (source, what) = (super::stage_source(id), self.wonder_name(id));
                let option = crate::reader::option_of(self.info, source, what, option);
                let Some(option) = found.keep(option) else {
                    continue;
                };
                if let Some(who) = (0..2).find(|&s| st.table.built[s].contains(&id)) {
                    found.push(at(
                        w,
                        format!("{} is already {}'s", self.wonder_name(id), names[who]),
                    ));
                    continue;
                }
                seen_wonders += 1;
                if seen_wonders > usize::from(MAX_WONDERS) {
                    found.push(at(
                        w,
                        format!("at most {MAX_WONDERS} wonders are built in a game"),
                    ));
                    continue;
                }
                if let Some(o) = option {
                    st.table.cities[seat].choose(source, o);
                }
                self.give_wonder(st, seat, id);
            }
            for (k, option) in &crate::reader::Built::all(&p.progress) {
                let option = option.as_ref();
                let Some(id) = found.keep(token(&self.vocab, k)) else {
                    continue;
                };
                let (source, what) = (Source::Progress(id), self.token_name(id));
                let option = crate::reader::option_of(self.info, source, what, option);
                let Some(option) = found.keep(option) else {
                    continue;
                };
                if let Some(who) = (0..2).find(|&s| st.table.tokens[s].contains(&id)) {
                    found.push(at(
                        k,
                        format!("{} is already {}'s", self.token_name(id), names[who]),
                    ));
                    continue;
                }
                if let Some(o) = option {
                    st.table.cities[seat].choose(source, o);
                }
                self.give_token(st, seat, id);
            }
            // What the effects asked of the turn structure happened already.
            let city = &mut st.table.cities[seat];
            let a = &mut city.abilities;
            a.pending.clear();
            a.discard_builds.clear();
            a.discard_builds_late.clear();
            city.coins = match &p.coins {
                None => coins,
                Some(c) => found.keep(int(c, "coins", 0..=MAX_COINS)).unwrap_or(0) as i32,
            };
            crate::tokens::give(self.info, p.tokens.as_ref(), city, &mut found);
        }
        for (seat, p) in players.iter().enumerate().take(2) {
            self.give_influence(st, seat, p.value.influence.as_ref(), &mut found);
            for (list, prepared) in [(&p.value.schemes, false), (&p.value.prepared, true)] {
                let names = list.as_deref().unwrap_or(&[]);
                self.give_schemes(st, seat, names, prepared, &mut found);
            }
        }
        // Symbols counted from the opponent's cards, once both cities
        // hold theirs.
        for (seat, p) in players.iter().enumerate().take(2) {
            for c in p.value.copies.as_deref().unwrap_or(&[]) {
                let Some(id) = found.keep(card(&self.vocab, c)) else {
                    continue;
                };
                let t = &st.table;
                let all = sevenw_host::ColourSet::ALL;
                if !self.copyable(t, 1 - seat, all).any(|x| x == id) {
                    found.push(at(
                        c,
                        format!(
                            "{} has no {} whose science symbol {} could count",
                            names[1 - seat],
                            self.card_name(id),
                            names[seat]
                        ),
                    ));
                    continue;
                }
                self.copy_science(st, 1 - seat, seat, id);
            }
        }
        st.rebuild = false;
        found.or(())
    }
}
