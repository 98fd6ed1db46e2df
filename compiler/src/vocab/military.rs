//! Military tokens an expansion lays on the conflict track
//! (`military_tokens:`, the Duel family), as Agora's: the cards of no Age
//! of a colour, the `i`-th on the `i`-th square of `at` on each side of
//! the centre, in place of the game's tokens; when the pawn first
//! reaches one, the player whose shields moved it there carries out its
//! effects once.

use super::*;
use crate::load::MilitaryTokensSrc;

/// The most military tokens on each side (the runtime keeps 8 a side).
pub const MAX_MILITARY_TOKENS: usize = 8;

/// A checked `military_tokens:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MilitaryTokens {
    /// The colour of the token cards (cards of no Age).
    pub colour: u8,
    /// Where the colour is written.
    pub colour_at: Loc,
    /// The squares the tokens lie on, from the centre, on each side: as
    /// written, one per token card.
    pub at: Vec<u8>,
    /// Where each square is written.
    pub at_locs: Vec<Loc>,
    pub loc: Loc,
}

/// Reads and checks an expansion's military tokens: a family that reads
/// them (E0306), a conflict track in the game whose tokens they replace
/// (E0306), 1 to [`MAX_MILITARY_TOKENS`] squares, each inside the track
/// and farther than the one before (E0006), and a colour of the game
/// (E0302).
pub(super) fn military_tokens(
    src: Option<&MilitaryTokensSrc>,
    colours: &[String],
    conflict: Option<&Conflict>,
    family: &str,
    (game, extends): (&str, &str),
    report: &mut Report,
) -> Option<MilitaryTokens> {
    let m = src?;
    let field = "military_tokens";
    let instead =
        "its rules have no conflict track to lay military tokens on: drop `military_tokens`";
    plays::field(family, game, field, Some(m.loc), instead, report);
    // A family that reads no such field has been told so: no more.
    let read = sevenw_dsl::FamilyDef::of(family).is_none_or(|f| f.reads_field(field));
    let capital = conflict.map(|c| c.capital);
    if read && capital.is_none() {
        report.push(
            Diagnostic::new(
                Code::NotPlayed,
                m.loc,
                format!(
                    "`{game}` lays military tokens on the conflict track, but `{extends}`, the game it extends, has no conflict track"
                ),
            )
            .label("no track to lay them on")
            .help(format!("give `{extends}` a conflict track (`conflict:` with `capital`, `zones` and `tokens`, as Duel's), or drop `military_tokens`")),
        );
    }
    let squares = m.at.len();
    if read && (squares == 0 || squares > MAX_MILITARY_TOKENS) {
        let (at, message, label, help) = match m.at.get(MAX_MILITARY_TOKENS) {
            Some(a) => (
                a.loc,
                format!(
                    "`at` names {squares} squares, but at most {MAX_MILITARY_TOKENS} military tokens lie on each side of the track"
                ),
                "one too many",
                format!("keep at most {MAX_MILITARY_TOKENS} squares, and as many token cards"),
            ),
            None => (
                m.loc,
                "`at` names no square, so no military token would lie on the track".to_string(),
                "no square",
                "list the squares of the tokens from the centre, one per token card: `at: [3, 6]`"
                    .to_string(),
            ),
        };
        report.push(
            Diagnostic::new(Code::BadValue, at, message)
                .label(label)
                .help(help),
        );
    }
    // One less than the capital: a pawn on the capital has won.
    let last = capital.filter(|_| read).map(|c| i64::from(c) - 1);
    let mut before: Option<i64> = None;
    for a in &m.at {
        if let Some(last) = last
            && !(1..=last).contains(&a.value)
        {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    a.loc,
                    format!(
                        "`at` names square {}, but a military token lies 1 to {last} squares from the centre: the capital is {} squares away",
                        a.value,
                        last + 1
                    ),
                )
                .label("not a square a token may lie on")
                .help(format!(
                    "name a square from 1 to {last}: squares count from the centre, the same on each side"
                )),
            );
            continue;
        }
        if let Some(b) = before
            && a.value <= b
        {
            let (message, label) = if a.value == b {
                (
                    format!(
                        "`at` names square {b} twice: a square holds one military token on each side"
                    ),
                    "named twice",
                )
            } else {
                (
                    format!(
                        "`at` names square {} after square {b}, but its squares go out from the centre, each farther than the one before",
                        a.value
                    ),
                    "nearer the centre than the one before",
                )
            };
            report.push(
                Diagnostic::new(Code::BadValue, a.loc, message)
                    .label(label)
                    .help("list each square once, nearest the centre first (`at: [3, 6]`), and the token cards in the same order"),
            );
            continue;
        }
        before = Some(a.value);
    }
    let colour = find_in(&m.colour, colours, "colour", report)?;
    Some(MilitaryTokens {
        colour,
        colour_at: m.colour.loc,
        at: (m.at.iter()).map(|a| a.value.clamp(0, 255) as u8).collect(),
        at_locs: m.at.iter().map(|a| a.loc).collect(),
        loc: m.loc,
    })
}
