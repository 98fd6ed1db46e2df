//! City sheets: a YAML description of a table in progress or at its end,
//! for the score and price calculators. Each game reads its own sheet (its
//! `sheet` module, through [`Sheets`], with the reader of every document,
//! [`crate::reader`]); what every sheet shares is here: errors with their
//! places, name lookups with suggestions, the seat of a player asked about,
//! and the score and price reports in text and JSON.
//!
//! Score and price read a sheet the same way, so a position one refuses the
//! other refuses too.

use serde_saphyr::Spanned;
use sevenw_host::CardId;

use crate::doc::{DocError, at, code, nowhere};
use crate::engine::vocab::Vocab;
use crate::game::{Game, Outcome, POINTS};
use crate::text::{did_you_mean, shown};

/// A mistake in a sheet (or in a name asked about), with its place.
pub type SheetError = DocError;

/// A position read from a sheet, with the players' names by seat.
#[derive(Clone, Debug)]
pub struct Sheet<G: Game> {
    pub state: G::State,
    pub names: Vec<String>,
}

/// What to price: a kind the game lists in [`Sheets::targets`] (`card`,
/// `stage`, …) and, for a kind that takes one, a name. Each game reads
/// its own kinds; nothing here knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub kind: String,
    pub name: Option<String>,
}

impl Target {
    /// A kind that takes no name (`stage`).
    pub fn of(kind: &str) -> Self {
        Target {
            kind: kind.to_string(),
            name: None,
        }
    }

    /// A kind with its name (`card`, `Baths`).
    pub fn named(kind: &str, name: String) -> Self {
        Target {
            kind: kind.to_string(),
            name: Some(name),
        }
    }

    /// `KIND` or `KIND=NAME`, as the command line gives it.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (kind, name) = match text.split_once('=') {
            Some((k, n)) => (k.trim(), Some(n.trim())),
            None => (text.trim(), None),
        };
        if kind.is_empty() || name.is_some_and(str::is_empty) {
            return Err(format!("`{}` is not KIND or KIND=NAME", shown(text)));
        }
        Ok(Target {
            kind: kind.to_ascii_lowercase(),
            name: name.map(str::to_string),
        })
    }
}

/// A kind of thing a game prices, for [`Sheets::targets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetSpec {
    pub kind: &'static str,
    /// Whether it takes a name (`card=NAME`).
    pub named: bool,
    /// What it prices, in words.
    pub help: &'static str,
}

/// Why `target` is nothing the game `title`, which prices `specs`, can
/// price (a usage mistake), if so.
pub fn refusal(title: &str, specs: &[TargetSpec], target: &Target) -> Option<String> {
    let shown_specs = || {
        specs
            .iter()
            .map(|s| {
                if s.named {
                    format!("{}=NAME", s.kind)
                } else {
                    s.kind.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(spec) = specs
        .iter()
        .find(|s| s.kind.eq_ignore_ascii_case(&target.kind))
    else {
        let kinds: Vec<&str> = specs.iter().map(|s| s.kind).collect();
        return Some(format!(
            "{title} prices no `{}` (it prices {}){}",
            shown(&target.kind),
            shown_specs(),
            did_you_mean(crate::engine::nearest::closest(
                &target.kind.to_lowercase(),
                &kinds
            ))
        ));
    };
    match (spec.named, &target.name) {
        (true, None) => Some(format!(
            "`{}` needs a name: {}=NAME ({})",
            spec.kind, spec.kind, spec.help
        )),
        (false, Some(_)) => Some(format!("`{}` takes no name ({})", spec.kind, spec.help)),
        _ => None,
    }
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
    /// Why, in words.
    pub reason: String,
}

impl Price {
    /// Not buildable, for `reason`.
    pub fn no(reason: impl Into<String>) -> Self {
        Price {
            buildable: false,
            coins: None,
            chain: false,
            reason: reason.into(),
        }
    }

    /// Free by a chain.
    pub fn chain(reason: impl Into<String>) -> Self {
        Price {
            buildable: true,
            coins: Some(0),
            chain: true,
            reason: reason.into(),
        }
    }

    /// `{"buildable": bool, "coins": total, "chain": bool}`; `coins` is null
    /// when the resources cannot be had at all.
    pub fn to_json(&self) -> String {
        #[derive(serde::Serialize)]
        struct J {
            buildable: bool,
            coins: Option<u32>,
            chain: bool,
        }
        let p = J {
            buildable: self.buildable,
            coins: self.coins,
            chain: self.chain,
        };
        serde_json::to_string(&p).unwrap_or_default()
    }
}

/// The games whose positions can be written as sheets.
pub trait Sheets: Game {
    /// Reads a city sheet of this game.
    fn read_sheet(&self, text: &str) -> Result<Sheet<Self>, SheetError>;
    /// Writes the cities of `state` as a sheet, the players called `names`:
    /// reading it back scores as `state` does at the end of a game (what
    /// `sevenw sim --check` checks of every game).
    fn write_sheet(&self, state: &Self::State, names: &[String]) -> String;
    /// The kinds of thing this game prices (with the expansions in play).
    fn targets(&self) -> Vec<TargetSpec>;
    /// Why this game has nothing like `target` to price, if so: a usage
    /// mistake, said before a sheet is read.
    fn refuse(&self, target: &Target) -> Option<String> {
        refusal(self.info().title, &self.targets(), target)
    }
    /// Whether `seat` can build `target` now, and for how much. An error is
    /// a name the game does not know.
    fn price(
        &self,
        state: &Self::State,
        names: &[String],
        seat: usize,
        target: &Target,
    ) -> Result<Price, SheetError>;
}

/// The seat of the player called `name` (any case).
pub fn seat_of(names: &[String], name: &str) -> Result<usize, SheetError> {
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            nowhere(format!(
                "no player `{}` in the sheet (players: {})",
                shown(name),
                names.join(", ")
            ))
            .with_code(code::NAME)
        })
}

/// The card named in a sheet.
pub fn card(vocab: &Vocab, name: &Spanned<String>) -> Result<CardId, SheetError> {
    card_named(vocab, &name.value).map_err(|m| at(name, m).with_code(code::NAME))
}

/// The card called `name`, or why not (with a suggestion).
pub fn card_named(vocab: &Vocab, name: &str) -> Result<CardId, String> {
    vocab.find_card(name).ok_or_else(|| {
        format!(
            "unknown card `{}`{}",
            shown(name.trim()),
            did_you_mean(vocab.suggest_card(name))
        )
    })
}

/// The wonder named in a sheet.
pub fn wonder(vocab: &Vocab, name: &Spanned<String>) -> Result<u8, SheetError> {
    wonder_named(vocab, &name.value).map_err(|m| at(name, m).with_code(code::NAME))
}

/// The wonder called `name`, or why not (with a suggestion).
pub fn wonder_named(vocab: &Vocab, name: &str) -> Result<u8, String> {
    vocab.find_wonder(name).ok_or_else(|| {
        format!(
            "unknown wonder `{}`{}",
            shown(name.trim()),
            did_you_mean(vocab.suggest_wonder(name))
        )
    })
}

/// The progress token named in a sheet.
pub fn token(vocab: &Vocab, name: &Spanned<String>) -> Result<u8, SheetError> {
    vocab.find_token(&name.value).ok_or_else(|| {
        let hint = vocab
            .suggest_token(&name.value)
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_else(|| {
                let all: Vec<&str> = vocab.info.progress.iter().map(|t| t.name).collect();
                format!(" (tokens: {})", all.join(", "))
            });
        at(
            name,
            format!(
                "unknown progress token `{}`{hint}",
                shown(name.value.trim())
            ),
        )
        .with_code(code::NAME)
    })
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
    /// Every player still tied after the tie-breaks.
    pub winners: Vec<String>,
    /// How the game is won, in the game's words (`points`; `civilian`,
    /// `military`, `science`).
    pub victory: &'static str,
}

impl ScoreReport {
    /// The report of `outcome` for players called `names`.
    pub fn new<G: Game>(game: &G, outcome: &Outcome, names: &[String]) -> Self {
        let info = game.info();
        let players = outcome
            .scores
            .iter()
            .zip(names)
            .map(|(s, name)| PlayerScore {
                name: name.clone(),
                // The categories of the card sets in play (an expansion's
                // lists may name another's).
                points: info
                    .categories
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| game.vocab().category_in_play(i))
                    .map(|(i, &c)| (c, s.points[i]))
                    .collect(),
                total: s.total,
                coins: s.coins,
                copied: s
                    .copied
                    .iter()
                    .map(|&c| crate::engine::vocab::card_name(info, c))
                    .collect(),
            })
            .collect();
        ScoreReport {
            players,
            winners: outcome
                .winners
                .iter()
                .filter_map(|&i| names.get(i).cloned())
                .collect(),
            victory: outcome.victory,
        }
    }

    /// `{"players": [{"name", <category>…, "total"}], "winners": [...],
    /// "victory": "…"}`, keys in that order.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.document()).unwrap_or_default()
    }

    /// [`ScoreReport::to_json`]'s document as a JSON value (whose objects
    /// keep no order of keys).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self.document()).unwrap_or_default()
    }

    fn document(&self) -> JsonReport<'_> {
        JsonReport {
            players: self.players.iter().map(JsonPlayer).collect(),
            winners: &self.winners,
            victory: self.victory,
        }
    }

    /// A table, one row per player, then the winners and how they won.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let categories: Vec<&str> = self
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
        for c in &categories {
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
        out.push_str(&format!("{} {verb}", self.winners.join(" and ")));
        // A game won on points says nothing more; others say how.
        if self.victory != POINTS {
            out.push_str(&format!(" ({} victory)", self.victory));
        }
        out.push('\n');
        out
    }
}

/// A score report as JSON: its players, winners and victory.
#[derive(serde::Serialize)]
struct JsonReport<'a> {
    players: Vec<JsonPlayer<'a>>,
    winners: &'a [String],
    victory: &'static str,
}

/// A player's score as JSON: name, each category, total.
struct JsonPlayer<'a>(&'a PlayerScore);

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

/// `text` as a YAML scalar (double-quoted, escaped as JSON is: YAML reads
/// JSON strings).
pub fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string())
}

/// `names` as a YAML flow list of quoted scalars.
pub fn quoted_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = names.into_iter().map(quoted).collect();
    format!("[{}]", items.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_by_name() {
        let names = vec!["Ana".to_string(), "Ben".to_string()];
        assert_eq!(seat_of(&names, " ben "), Ok(1));
        let e = seat_of(&names, "Cy\u{1b}[2J").unwrap_err();
        assert!(e.message.contains("`Cy\\u{1b}[2J`"), "{e}");
        assert!(e.message.contains("players: Ana, Ben"), "{e}");
    }
}
