//! Duel city sheets, for the score and price calculators.
//!
//! ```yaml
//! game: duel
//! conflict: 3               # pawn position, positive toward the second
//!                           # player's capital (−9..9; default 0)
//! players:                  # exactly two; the first is the first player
//!   - name: Ana
//!     coins: 7              # default 0
//!     cards: [<card>, …]    # built cards, names or aliases, any case
//!     wonders: [<wonder>, …]     # built wonders
//!     progress: [<token>, …]     # progress tokens held
//! ```
//!
//! A table is rebuilt by running the built effects of cards, wonders and
//! tokens (coins they would have paid out are not added: the sheet gives
//! the coins as they are). Every mistake is reported with its line and
//! column.

use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::{CardId, GameInfo};

use crate::duel::{Duel, DuelGame, DuelScore, DuelSetup, DuelTable, MAX_WONDERS, Victory};
use crate::payment::Payment;
use crate::science::MAX_SYM;
use crate::sheet::{JsonPlayer, PlayerScore, Price, ScoreReport, SheetError, Target, at, nowhere};

#[derive(Deserialize)]
struct GameOnly {
    game: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetDoc {
    #[allow(dead_code)]
    game: Spanned<String>,
    #[serde(default)]
    conflict: Option<Spanned<i64>>,
    players: Spanned<Vec<Spanned<PlayerDoc>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerDoc {
    name: Spanned<String>,
    #[serde(default)]
    coins: Option<Spanned<i64>>,
    #[serde(default)]
    cards: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    wonders: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    progress: Option<Vec<Spanned<String>>>,
}

/// A Duel table read from a sheet.
pub struct DuelSheet {
    pub duel: Duel,
    pub names: Vec<String>,
    pub table: DuelTable,
}

/// The score of a Duel sheet: the report and how the game is won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelReport {
    pub report: ScoreReport,
    pub victory: Victory,
}

/// The game a sheet names, if it is one of `games` with laid-out Ages
/// (Duel-shaped); `None` for other games and unreadable sheets, which the
/// general reader reports.
pub fn duel_game(text: &str, games: &[&'static GameInfo]) -> Option<&'static GameInfo> {
    let g: GameOnly = serde_saphyr::from_str(text).ok()?;
    games
        .iter()
        .copied()
        .find(|i| i.name.eq_ignore_ascii_case(g.game.trim()) && i.layout > 0)
}

/// Reads a Duel sheet of game `info`.
pub fn load(text: &str, info: &'static GameInfo) -> Result<DuelSheet, SheetError> {
    let doc: SheetDoc = serde_saphyr::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        let msg = e.to_string();
        SheetError {
            line,
            column,
            message: format!("malformed sheet: {}", msg.lines().next().unwrap_or("")),
        }
    })?;
    let duel = Duel::new(info).map_err(|e| nowhere(e.to_string()))?;
    let players = &doc.players.value;
    if players.len() != 2 {
        return Err(at(
            &doc.players,
            format!(
                "the sheet has {} player{}; {} is for 2",
                players.len(),
                if players.len() == 1 { "" } else { "s" },
                info.title
            ),
        ));
    }
    let mut game = DuelGame::new(&duel, &DuelSetup::new(0)).map_err(|e| nowhere(e.to_string()))?;
    game.rebuild = true;
    // Nothing is drafted or laid out: every wonder starts in the box.
    game.table.boxed_wonders = (0..info.wonders.len() as u8).collect();
    let mut names: Vec<String> = Vec::new();
    let mut seen_cards: Vec<(CardId, String)> = Vec::new();
    let mut seen_wonders: Vec<(u8, String)> = Vec::new();
    let mut seen_tokens: Vec<(u8, String)> = Vec::new();
    for (seat, p) in players.iter().enumerate() {
        let p = &p.value;
        let name = p.name.value.trim().to_string();
        if name.is_empty() {
            return Err(at(&p.name, "a player needs a name"));
        }
        if names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
            return Err(at(&p.name, format!("two players are called `{name}`")));
        }
        let coins = p.coins.as_ref().map_or(Ok(0), |c| {
            if c.value < 0 || c.value > 10_000 {
                Err(at(c, "coins must be 0 or more (at most 10000)"))
            } else {
                Ok(c.value as i32)
            }
        })?;
        for c in p.cards.iter().flatten() {
            let id = duel.vocab.find_card(&c.value).ok_or_else(|| {
                let hint = duel
                    .vocab
                    .suggest_card(&c.value)
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                at(c, format!("unknown card `{}`{hint}", c.value.trim()))
            })?;
            if let Some((_, who)) = seen_cards.iter().find(|(k, _)| *k == id) {
                return Err(at(
                    c,
                    format!(
                        "{} is already {who}'s: the game has one copy",
                        duel.card_name(id)
                    ),
                ));
            }
            seen_cards.push((id, name.clone()));
            game.give_card(seat, id);
        }
        let built = p.wonders.as_deref().unwrap_or(&[]);
        for w in built {
            let id = duel.vocab.find_wonder(&w.value).ok_or_else(|| {
                let hint = duel
                    .vocab
                    .suggest_wonder(&w.value)
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                at(w, format!("unknown wonder `{}`{hint}", w.value.trim()))
            })?;
            if let Some((_, who)) = seen_wonders.iter().find(|(k, _)| *k == id) {
                return Err(at(
                    w,
                    format!("{} is already {who}'s", duel.wonder_name(id)),
                ));
            }
            seen_wonders.push((id, name.clone()));
            game.give_wonder(seat, id);
        }
        if built.len() > crate::duel::WONDERS_EACH {
            return Err(at(
                &built[crate::duel::WONDERS_EACH],
                format!("a player has {} wonders at most", crate::duel::WONDERS_EACH),
            ));
        }
        if seen_wonders.len() > usize::from(MAX_WONDERS) {
            return Err(at(
                &built[built.len() - 1],
                format!("at most {MAX_WONDERS} wonders are built in a game"),
            ));
        }
        for t in p.progress.iter().flatten() {
            let k = t.value.trim();
            let id = info
                .progress
                .iter()
                .position(|i| {
                    i.name.eq_ignore_ascii_case(k)
                        || i.aliases.iter().any(|a| a.eq_ignore_ascii_case(k))
                })
                .ok_or_else(|| {
                    let known: Vec<&str> = info.progress.iter().map(|i| i.name).collect();
                    at(
                        t,
                        format!(
                            "unknown progress token `{k}` (tokens: {})",
                            known.join(", ")
                        ),
                    )
                })? as u8;
            if let Some((_, who)) = seen_tokens.iter().find(|(x, _)| *x == id) {
                return Err(at(t, format!("{} is already {who}'s", duel.token_name(id))));
            }
            seen_tokens.push((id, name.clone()));
            game.give_token(seat, id);
        }
        // What the effects asked of the turn structure happened already.
        let a = &mut game.table.cities[seat].abilities;
        a.pending.clear();
        a.extra_turns = 0;
        a.discard_builds = 0;
        game.table.cities[seat].coins = coins;
        names.push(name);
    }
    if let Some(c) = &doc.conflict {
        let cap = i64::from(duel.conflict.capital);
        if c.value < -cap || c.value > cap {
            return Err(at(
                c,
                format!("the conflict pawn stands between -{cap} and {cap}"),
            ));
        }
        game.table.pawn = c.value as i32;
    }
    let table = game.table.clone();
    drop(game);
    Ok(DuelSheet { duel, names, table })
}

impl DuelSheet {
    /// Final scores, winners and the kind of victory: a pawn in a capital
    /// is a military victory, six different science symbols a science
    /// victory, otherwise the civilian count decides.
    pub fn score(&self) -> DuelReport {
        let scores: [DuelScore; 2] = self.duel.score(&self.table);
        let cap = i32::from(self.duel.conflict.capital);
        let nsym = self.duel.info.symbols.len().min(MAX_SYM);
        let science = (0..2).find(|&s| {
            self.table.cities[s].science[..nsym]
                .iter()
                .filter(|&&n| n > 0)
                .count() as u32
                >= crate::duel::SCIENCE_SUPREMACY
        });
        let (victory, winners) = if self.table.pawn.abs() >= cap && cap > 0 {
            (
                Victory::Military,
                vec![if self.table.pawn > 0 { 0 } else { 1 }],
            )
        } else if let Some(s) = science {
            (Victory::Science, vec![s])
        } else {
            (Victory::Civilian, self.duel.civilian_winners(&scores))
        };
        let cats = self.duel.info.categories;
        let players = scores
            .iter()
            .zip(&self.names)
            .enumerate()
            .map(|(seat, (s, name))| PlayerScore {
                name: name.clone(),
                points: cats
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (c, s.points[i]))
                    .collect(),
                total: s.total,
                coins: self.table.cities[seat].coins,
                copied: Vec::new(),
            })
            .collect();
        DuelReport {
            report: ScoreReport {
                players,
                winners: winners.iter().map(|&i| self.names[i].clone()).collect(),
            },
            victory,
        }
    }

    /// The seat of the player called `name` (any case).
    pub fn seat(&self, name: &str) -> Result<usize, SheetError> {
        self.names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                nowhere(format!(
                    "no player `{name}` in the sheet (players: {})",
                    self.names.join(", ")
                ))
            })
    }

    /// Whether the player can build a card (`Target::Card`) or a wonder
    /// (`wonder`) now, and the coins paid for it: its coin cost and the
    /// resources bought ("Comercio").
    pub fn price(
        &self,
        player: &str,
        target: &Target,
        wonder: Option<&str>,
    ) -> Result<Price, SheetError> {
        let seat = self.seat(player)?;
        let d = &self.duel;
        let city = &self.table.cities[seat];
        let who = &self.names[seat];
        let prices = d.prices(&self.table.cities, seat);
        let no = |reason: String| Price {
            buildable: false,
            coins: None,
            chain: false,
            payment: None,
            reason,
        };
        let (cost, what, off) = match (target, wonder) {
            (_, Some(w)) => {
                let id = d.vocab.find_wonder(w).ok_or_else(|| {
                    let hint = d
                        .vocab
                        .suggest_wonder(w)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    nowhere(format!("unknown wonder `{}`{hint}", w.trim()))
                })?;
                let what = d.wonder_name(id).to_string();
                if self.table.built.iter().any(|b| b.contains(&id)) {
                    return Ok(no(format!("{what} is already built")));
                }
                if self.table.wonders_built() >= MAX_WONDERS {
                    return Ok(no(format!(
                        "{MAX_WONDERS} wonders are built: {what} is out of the game"
                    )));
                }
                let Some(cost) = d.wonder_cost(id) else {
                    return Ok(no(format!("{what} has no cost to pay")));
                };
                (
                    cost,
                    what,
                    Duel::discount_of(city, true, sevenw_host::Colour(0)),
                )
            }
            (Target::Card(name), None) => {
                let id = d.vocab.find_card(name).ok_or_else(|| {
                    let hint = d
                        .vocab
                        .suggest_card(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    nowhere(format!("unknown card `{}`{hint}", name.trim()))
                })?;
                let what = d.card_name(id).to_string();
                if city.has_name(d.vocab.name_class(id)) {
                    return Ok(no(format!("{who} already has {what}")));
                }
                if d.chained(city, id) {
                    return Ok(Price {
                        buildable: true,
                        coins: Some(0),
                        chain: true,
                        payment: Some(Payment::FREE),
                        reason: format!("{who} can build {what} for free by a chain"),
                    });
                }
                let info = &d.info.cards[usize::from(id.0)];
                (
                    &info.cost,
                    what,
                    Duel::discount_of(city, false, info.colour),
                )
            }
            (Target::Stage, None) => {
                return Err(nowhere(
                    "Duel wonders have no stages: price a wonder with --wonder",
                ));
            }
        };
        let trade = Duel::trade_cost(city, cost, &prices, off);
        let total = u32::from(cost.coins) + trade;
        let pay = Payment {
            bank: total.min(u32::from(u16::MAX)) as u16,
            left: 0,
            right: 0,
        };
        let plural = if total == 1 { "" } else { "s" };
        let words = match (cost.coins, trade) {
            (_, 0) => format!("{total} coin{plural}"),
            (0, _) => format!("{total} coin{plural} for resources"),
            (c, t) => format!("{total} coin{plural} ({c} of its cost, {t} for resources)"),
        };
        let ok = total <= city.coins.max(0) as u32;
        Ok(Price {
            buildable: ok,
            coins: Some(total),
            chain: false,
            payment: Some(pay),
            reason: if ok {
                format!("{who} can build {what} for {words}")
            } else {
                format!(
                    "{who} cannot afford {what}: it costs {words} and {who} has {}",
                    city.coins
                )
            },
        })
    }
}

#[derive(serde::Serialize)]
struct JsonReport<'a> {
    players: Vec<JsonPlayer<'a>>,
    winners: &'a [String],
    victory: &'static str,
}

impl DuelReport {
    /// `{"players": [{"name", <category>…, "total"}], "winners": [...],
    /// "victory": "civilian" | "military" | "science"}`.
    pub fn to_json(&self) -> String {
        let r = JsonReport {
            players: self.report.players.iter().map(JsonPlayer).collect(),
            winners: &self.report.winners,
            victory: self.victory.name(),
        };
        serde_json::to_string_pretty(&r).unwrap_or_default()
    }

    /// The score table and the kind of victory.
    pub fn to_text(&self) -> String {
        let mut out = self.report.to_text();
        out.push_str(&format!("{} victory\n", self.victory.name()));
        out
    }
}
