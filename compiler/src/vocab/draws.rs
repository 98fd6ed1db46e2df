//! Rules that draw cards of a colour into an Age's deck: the guild rule
//! (`guilds:`) and an expansion's `draws:`, one colour or several
//! (`colour: black or white`).

use super::{bad, find_in, small};
use crate::diag::Report;
use crate::load::Text;
use crate::source::Loc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRule {
    /// The colour drawn, the first when the rule names several.
    pub colour: u8,
    /// Every colour the rule draws (`colour: black or white`), `colour`
    /// among them.
    pub colours: u32,
    pub age: u8,
    /// Draw `players + extra` when `per_player`, else `extra`.
    pub per_player: bool,
    pub extra: u8,
    pub loc: Loc,
}

impl DrawRule {
    /// How many are drawn for `n` players.
    pub fn drawn(&self, n: u8) -> u32 {
        if self.per_player {
            n as u32 + self.extra as u32
        } else {
            self.extra as u32
        }
    }
}

/// The names of `t` written `a or b or c`, each where it stands when the
/// text is written as it reads (plain, or quoted with nothing escaped).
fn split_or(t: &Text) -> Vec<Text> {
    let (len, written) = (t.value.len(), t.loc.end - t.loc.start);
    let shift = match written {
        w if w == len => Some(0),
        w if w == len + 2 => Some(1),
        _ => None,
    };
    let mut out = Vec::new();
    let mut at = 0;
    for part in t.value.split(" or ") {
        let lead = part.len() - part.trim_start().len();
        let name = part.trim();
        let loc = shift.map_or(t.loc, |s| Loc {
            start: t.loc.start + s + at + lead,
            end: t.loc.start + s + at + lead + name.len(),
            ..t.loc
        });
        out.push(Text {
            value: name.to_string(),
            loc,
        });
        at += part.len() + " or ".len();
    }
    out
}

/// A checked draw rule (`guilds:`, an expansion's `draws:`) of a game of
/// `ages` Ages with the colours `colours`; `several`: whether it may draw
/// several colours (`colour: black or white`; a guild rule draws one).
pub(crate) fn draw_rule(
    g: &crate::load::DrawRuleSrc,
    colours: &[String],
    ages: u8,
    several: bool,
    report: &mut Report,
) -> Option<DrawRule> {
    let names = split_or(&g.colour);
    if names.len() > 1 && !several {
        bad(
            report,
            g.colour.loc,
            "the guild rule draws the cards of one colour".into(),
            "one colour",
            Some("name one colour; an expansion's `draws:` may draw several".into()),
        );
        return None;
    }
    let mut found = Vec::new();
    for n in &names {
        found.push(find_in(n, colours, "colour", report));
    }
    let found: Vec<u8> = found.into_iter().collect::<Option<_>>()?;
    let colour = *found.first()?;
    Some(DrawRule {
        colour,
        colours: found.iter().fold(0, |m, &c| m | 1 << c),
        age: small(report, &g.age, 1, ages as i64, "the Age of the draw") as u8,
        per_player: g.count.is_none(),
        extra: match (&g.extra, &g.count) {
            (Some(e), _) => small(report, e, 0, 50, "the extra count drawn") as u8,
            (None, Some(c)) => small(report, c, 0, 50, "the count drawn") as u8,
            (None, None) => 0,
        },
        loc: g.loc,
    })
}
