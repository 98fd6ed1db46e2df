//! City sheets: a YAML description of a table in progress or at its end,
//! for the score and price calculators.
//!
//! ```yaml
//! game: base
//! players:                  # clockwise: the left neighbour is the next entry
//!   - name: Ana
//!     wonder: <board>       # board name (or alias), any case
//!     side: A               # default A
//!     stages: 2             # stages built, from the first (default 0)
//!     coins: 7              # default 0
//!     conflict: [1, 3, -1]  # conflict tokens held (default none)
//!     cards: [<card>, <card>, …]   # names or aliases, any case
//! ```
//!
//! (`runtime/README.md` has a complete example.)
//!
//! A city is rebuilt by running the built effects of its board, stages and
//! cards (coins they would have paid out are not added: the sheet gives the
//! coins as they are). Every mistake is reported with its line and column.

use std::fmt;

use serde::Deserialize;
use serde_saphyr::Spanned;
use sevenw_host::{CardId, GameInfo};

use crate::base::{Base, Score};
use crate::payment::Payment;
use crate::state::City;

/// A mistake in a sheet (or in a name asked about), with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetError {
    /// 1-based line and column in the sheet; 0 when not in the sheet.
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for SheetError {}

/// An error at the place of a sheet value.
pub(crate) fn at<T>(s: &Spanned<T>, message: impl Into<String>) -> SheetError {
    SheetError {
        line: s.referenced.line(),
        column: s.referenced.column(),
        message: message.into(),
    }
}

/// An error about the sheet as a whole.
pub(crate) fn nowhere(message: impl Into<String>) -> SheetError {
    SheetError {
        line: 0,
        column: 0,
        message: message.into(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetDoc {
    game: Spanned<String>,
    players: Spanned<Vec<Spanned<PlayerDoc>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerDoc {
    name: Spanned<String>,
    wonder: Spanned<String>,
    #[serde(default)]
    side: Option<Spanned<String>>,
    #[serde(default)]
    stages: Option<Spanned<i64>>,
    #[serde(default)]
    coins: Option<Spanned<i64>>,
    #[serde(default)]
    conflict: Option<Vec<Spanned<i64>>>,
    #[serde(default)]
    cards: Option<Vec<Spanned<String>>>,
}

/// A table read from a sheet.
#[derive(Clone, Debug)]
pub struct Sheet {
    pub base: Base,
    pub names: Vec<String>,
    pub cities: Vec<City>,
}

/// A player's score, by the game's categories.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerScore {
    pub name: String,
    /// `(category, points)` in the game's order.
    pub points: Vec<(&'static str, i32)>,
    pub total: i32,
    pub coins: i32,
    /// Cards copied at game end.
    pub copied: Vec<&'static str>,
}

/// The score sheet of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreReport {
    pub players: Vec<PlayerScore>,
    /// Every player still tied after the tie-break by coins.
    pub winners: Vec<String>,
}

/// What to price.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Card(String),
    Stage,
}

/// Whether a player can build something now, and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Price {
    pub buildable: bool,
    /// The least coins in all (coin cost plus trading); when not buildable,
    /// what it would cost with enough coins, if the resources can be had.
    pub coins: Option<u32>,
    /// Free by a chain.
    pub chain: bool,
    /// The cheapest payment, if any.
    pub payment: Option<Payment>,
    /// Why, in words.
    pub reason: String,
}

/// Reads a sheet of one of the compiled games.
pub fn load(text: &str) -> Result<Sheet, SheetError> {
    load_in(text, crate::cards::GAMES)
}

/// Reads a sheet of one of `games`.
pub fn load_in(text: &str, games: &[&'static GameInfo]) -> Result<Sheet, SheetError> {
    let doc: SheetDoc = serde_saphyr::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        SheetError {
            line,
            column,
            message: format!(
                "malformed sheet: {}",
                strip_location(first_line(&e.to_string()))
            ),
        }
    })?;
    let info = games
        .iter()
        .copied()
        .find(|g| g.name.eq_ignore_ascii_case(doc.game.value.trim()))
        .ok_or_else(|| {
            let known: Vec<&str> = games.iter().map(|g| g.name).collect();
            at(
                &doc.game,
                format!(
                    "unknown game `{}` (known: {})",
                    doc.game.value,
                    known.join(", ")
                ),
            )
        })?;
    let base = Base::new(info).map_err(|e| at(&doc.game, e.to_string()))?;
    let players = &doc.players.value;
    let (min, max) = (
        usize::from(info.min_players).max(3),
        usize::from(info.max_players),
    );
    if players.len() < min || players.len() > max {
        return Err(at(
            &doc.players,
            format!(
                "the sheet has {} player{}; {} is for {min} to {max}",
                players.len(),
                if players.len() == 1 { "" } else { "s" },
                info.title
            ),
        ));
    }
    // Boards first: a city's cards may count its neighbours'.
    let mut cities = vec![City::default(); players.len()];
    let mut names: Vec<String> = Vec::with_capacity(players.len());
    let mut boards: Vec<(u8, u8)> = Vec::new();
    for (seat, p) in players.iter().enumerate() {
        let p = &p.value;
        let name = p.name.value.trim().to_string();
        if name.is_empty() {
            return Err(at(&p.name, "a player needs a name"));
        }
        if names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
            return Err(at(&p.name, format!("two players are called `{name}`")));
        }
        names.push(name);
        let w = base.vocab.find_wonder(&p.wonder.value).ok_or_else(|| {
            let hint = base
                .vocab
                .suggest_wonder(&p.wonder.value)
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            at(
                &p.wonder,
                format!("unknown wonder `{}`{hint}", p.wonder.value),
            )
        })?;
        if let Some(other) = boards.iter().position(|&(w2, _)| w2 == w) {
            return Err(at(
                &p.wonder,
                format!(
                    "{} is already {}'s wonder",
                    base.wonder_name(w),
                    names[other]
                ),
            ));
        }
        let s = match &p.side {
            None => 0,
            Some(side) => base.vocab.find_side(w, &side.value).ok_or_else(|| {
                let sides: Vec<&str> = info.wonders[usize::from(w)]
                    .sides
                    .iter()
                    .map(|s| s.name)
                    .collect();
                at(
                    side,
                    format!(
                        "{} has no side `{}` (sides: {})",
                        base.wonder_name(w),
                        side.value,
                        sides.join(", ")
                    ),
                )
            })?,
        };
        boards.push((w, s));
        base.new_city(&mut cities, seat, w, s);
    }
    for (seat, p) in players.iter().enumerate() {
        let p = &p.value;
        let (w, s) = boards[seat];
        let side = &info.wonders[usize::from(w)].sides[usize::from(s)];
        if let Some(stages) = &p.stages {
            let have = side.stages.len() as i64;
            if stages.value < 0 || stages.value > have {
                return Err(at(
                    stages,
                    format!(
                        "{} side {} has {have} stages; the sheet says {}",
                        base.wonder_name(w),
                        side.name,
                        stages.value
                    ),
                ));
            }
            for _ in 0..stages.value {
                base.add_stage(&mut cities, seat, None, false);
            }
        }
        let mut seen: Vec<(u16, &Spanned<String>)> = Vec::new();
        for card in p.cards.iter().flatten() {
            let id = find_card(&base, card)?;
            let class = base.vocab.name_class(id);
            if let Some((_, first)) = seen.iter().find(|(c, _)| *c == class) {
                return Err(at(
                    card,
                    format!(
                        "{} is listed twice for {} (first at {}:{}): a city never has two of a card",
                        base.card_name(id),
                        names[seat],
                        first.referenced.line(),
                        first.referenced.column()
                    ),
                ));
            }
            seen.push((class, card));
            base.add_card(&mut cities, seat, id, false);
        }
    }
    for (seat, p) in players.iter().enumerate() {
        let p = &p.value;
        let city = &mut cities[seat];
        city.abilities.discard_builds = 0;
        city.coins = match &p.coins {
            None => 0,
            Some(c) if c.value < 0 || c.value > i64::from(i32::MAX) => {
                return Err(at(c, format!("coins must be 0 or more, not {}", c.value)));
            }
            Some(c) => c.value as i32,
        };
        for t in p.conflict.iter().flatten() {
            match t.value {
                -1 => {
                    city.defeats += 1;
                    city.conflict_vp -= 1;
                }
                1 | 3 | 5 => {
                    city.victories += 1;
                    city.conflict_vp += t.value as i32;
                }
                v => {
                    return Err(at(
                        t,
                        format!("`{v}` is not a conflict token (tokens are -1, 1, 3 and 5)"),
                    ));
                }
            }
        }
    }
    Ok(Sheet {
        base,
        names,
        cities,
    })
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or(s)
}

/// The message of a YAML error without its own "error: line L column C: "
/// prefix (the place is reported separately).
fn strip_location(s: &str) -> &str {
    let t = s.strip_prefix("error: ").unwrap_or(s);
    match t.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((place, rest)) if place.contains("column") => rest,
        _ => t,
    }
}

fn find_card(base: &Base, card: &Spanned<String>) -> Result<CardId, SheetError> {
    base.vocab.find_card(&card.value).ok_or_else(|| {
        let hint = base
            .vocab
            .suggest_card(&card.value)
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        at(card, format!("unknown card `{}`{hint}", card.value))
    })
}

impl Sheet {
    /// Final scores of the table, with the tie-break by coins.
    pub fn score(&self) -> ScoreReport {
        let out = self.base.final_scores(&self.cities);
        let cats = self.base.info.categories;
        let players = out
            .scores
            .iter()
            .zip(&self.names)
            .zip(&out.copied)
            .map(
                |((s, name), copied): ((&Score, &String), &Vec<CardId>)| PlayerScore {
                    name: name.clone(),
                    points: cats
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| (c, s.points[i]))
                        .collect(),
                    total: s.total,
                    coins: s.coins,
                    copied: copied.iter().map(|&c| self.base.card_name(c)).collect(),
                },
            )
            .collect();
        ScoreReport {
            players,
            winners: out.winners.iter().map(|&i| self.names[i].clone()).collect(),
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

    /// Whether the player can build `target` now, and for how much.
    pub fn price(&self, player: &str, target: &Target) -> Result<Price, SheetError> {
        let seat = self.seat(player)?;
        let city = &self.cities[seat];
        let base = &self.base;
        let who = &self.names[seat];
        let (cost, what) = match target {
            Target::Card(name) => {
                let id = base.vocab.find_card(name).ok_or_else(|| {
                    let hint = base
                        .vocab
                        .suggest_card(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    nowhere(format!("unknown card `{name}`{hint}"))
                })?;
                let what = base.card_name(id).to_string();
                if city.has_name(base.vocab.name_class(id)) {
                    return Ok(Price {
                        buildable: false,
                        coins: None,
                        chain: false,
                        payment: None,
                        reason: format!("{who} already has {what}"),
                    });
                }
                if base.chained(city, id) {
                    return Ok(Price {
                        buildable: true,
                        coins: Some(0),
                        chain: true,
                        payment: Some(Payment::FREE),
                        reason: format!("{who} can build {what} for free by a chain"),
                    });
                }
                (&base.info.cards[usize::from(id.0)].cost, what)
            }
            Target::Stage => {
                let what = format!(
                    "stage {} of {}",
                    city.stages + 1,
                    base.wonder_name(city.wonder)
                );
                match base.next_stage_cost(city) {
                    Some(cost) => (cost, what),
                    None => {
                        return Ok(Price {
                            buildable: false,
                            coins: None,
                            chain: false,
                            payment: None,
                            reason: format!(
                                "{who} has built every stage of {}",
                                base.wonder_name(city.wonder)
                            ),
                        });
                    }
                }
            }
        };
        let market = base.market(&self.cities, seat);
        let mut search = crate::payment::PaymentSearch::new();
        let budget = city.coins.max(0) as u32;
        if let Some(p) = search.cheapest(cost, &market, budget) {
            return Ok(Price {
                buildable: true,
                coins: Some(p.total()),
                chain: false,
                payment: Some(p),
                reason: format!("{who} can build {what} for {}", describe_payment(&p)),
            });
        }
        Ok(match search.cheapest(cost, &market, u32::MAX) {
            Some(p) => Price {
                buildable: false,
                coins: Some(p.total()),
                chain: false,
                payment: Some(p),
                reason: format!(
                    "{who} cannot afford {what}: it costs {} and {who} has {}",
                    describe_payment(&p),
                    city.coins
                ),
            },
            None => Price {
                buildable: false,
                coins: None,
                chain: false,
                payment: None,
                reason: format!("{who} cannot get the resources for {what}, even by trading"),
            },
        })
    }
}

/// "3 coins (1 to the bank, 2 to the left neighbour)" and the like.
pub fn describe_payment(p: &Payment) -> String {
    if *p == Payment::FREE {
        return "nothing".to_string();
    }
    let mut parts = Vec::new();
    if p.bank > 0 {
        parts.push(format!("{} to the bank", p.bank));
    }
    if p.left > 0 {
        parts.push(format!("{} to the left neighbour", p.left));
    }
    if p.right > 0 {
        parts.push(format!("{} to the right neighbour", p.right));
    }
    let total = p.total();
    format!(
        "{total} coin{} ({})",
        if total == 1 { "" } else { "s" },
        parts.join(", ")
    )
}

/// A player's score as JSON: name, each category, total (shared with Duel sheets).
pub(crate) struct JsonPlayer<'a>(pub(crate) &'a PlayerScore);

impl serde::Serialize for JsonPlayer<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let p = self.0;
        let mut m = s.serialize_map(Some(p.points.len() + 2))?;
        m.serialize_entry("name", &p.name)?;
        for (c, v) in &p.points {
            m.serialize_entry(c, v)?;
        }
        m.serialize_entry("total", &p.total)?;
        m.end()
    }
}

#[derive(serde::Serialize)]
struct JsonReport<'a> {
    players: Vec<JsonPlayer<'a>>,
    winners: &'a [String],
}

impl ScoreReport {
    /// `{"players": [{"name", <category>…, "total"}], "winners": [...]}`,
    /// keys in that order.
    pub fn to_json(&self) -> String {
        let r = JsonReport {
            players: self.players.iter().map(JsonPlayer).collect(),
            winners: &self.winners,
        };
        serde_json::to_string_pretty(&r).unwrap_or_default()
    }

    /// A table, one row per player.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let cats: Vec<&str> = self
            .players
            .first()
            .map_or(Vec::new(), |p| p.points.iter().map(|&(c, _)| c).collect());
        let width = self
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        out.push_str(&format!("{:width$}", "player"));
        for c in &cats {
            out.push_str(&format!(" {:>w$}", c, w = c.len().max(4)));
        }
        out.push_str(&format!(" {:>5}\n", "total"));
        for p in &self.players {
            out.push_str(&format!("{:width$}", p.name));
            for (c, v) in &p.points {
                out.push_str(&format!(" {:>w$}", v, w = c.len().max(4)));
            }
            out.push_str(&format!(" {:>5}", p.total));
            if !p.copied.is_empty() {
                out.push_str(&format!("  (copies {})", p.copied.join(", ")));
            }
            out.push('\n');
        }
        let verb = if self.winners.len() == 1 {
            "wins"
        } else {
            "tie"
        };
        out.push_str(&format!("{} {verb}\n", self.winners.join(" and ")));
        out
    }
}

#[derive(serde::Serialize)]
struct JsonPrice {
    buildable: bool,
    coins: Option<u32>,
    chain: bool,
}

impl Price {
    /// `{"buildable": bool, "coins": total, "chain": bool}`; `coins` is null
    /// when the resources cannot be had at all.
    pub fn to_json(&self) -> String {
        let p = JsonPrice {
            buildable: self.buildable,
            coins: self.coins,
            chain: self.chain,
        };
        serde_json::to_string(&p).unwrap_or_default()
    }
}
