//! Schemes an expansion deals beside the table (`schemes:`, the Duel
//! family), as Agora's Conspiracies: the cards of no Age of a colour,
//! shuffled into a face-down deck that `draw schemes` draws from, each
//! held unseen, prepared with a card of the figure and revealed once.

use super::*;
use crate::load::SchemesSrc;

/// A checked `schemes:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schemes {
    /// The colour of the scheme cards (cards of no Age).
    pub colour: u8,
    /// Where the colour is written.
    pub colour_at: Loc,
    pub loc: Loc,
}

/// Reads and checks an expansion's schemes: a family that deals them
/// (E0306) and a colour of the game (E0302).
pub(super) fn schemes(
    src: Option<&SchemesSrc>,
    colours: &[String],
    family: &str,
    game: &str,
    report: &mut Report,
) -> Option<Schemes> {
    let s = src?;
    plays::field(
        family,
        game,
        "schemes",
        Some(s.loc),
        "its turns draw, prepare and reveal no schemes: drop `schemes`",
        report,
    );
    let colour = find_in(&s.colour, colours, "colour", report)?;
    Some(Schemes {
        colour,
        colour_at: s.colour.loc,
        loc: s.loc,
    })
}
