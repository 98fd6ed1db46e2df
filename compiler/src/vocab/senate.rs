//! A senate an expansion lays beside the table (`senate:`, the Duel
//! family), as Agora's: a row of chambers where the players place
//! influence cubes, each chamber controlled by the player with strictly
//! more cubes in it and worth its points to that player at the end; with
//! `supremacy`, controlling every chamber at once wins the game.

use super::*;
use crate::load::SenateSrc;

/// The most chambers of a senate (the runtime keeps them in a fixed
/// array, and numbers a move of a cube by its chamber and direction).
pub const MAX_CHAMBERS: usize = 8;

/// The most cubes a player may have.
const MAX_CUBES: i64 = 60;

/// A checked senate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Senate {
    /// Each chamber's points to its controller at the end.
    pub chambers: Vec<u8>,
    /// Each player's cubes.
    pub cubes: u8,
    /// The category its points go to.
    pub category: u8,
    /// Whether controlling every chamber wins at once.
    pub supremacy: bool,
    /// The colour of its decrees, one laid on each chamber, if any.
    pub decrees: Option<u8>,
    /// Where the decrees' colour is written.
    pub decrees_at: Option<Loc>,
    /// The chambers (from 0) whose decree lies face down at first.
    pub face_down: Vec<u8>,
    pub loc: Loc,
}

/// Reads and checks an expansion's senate: 1 to [`MAX_CHAMBERS`]
/// chambers worth 0 to 20 points, 1 to 60 cubes, a category it knows.
pub(super) fn senate(
    src: Option<&SenateSrc>,
    categories: &[String],
    colours: &[String],
    family: &str,
    game: &str,
    report: &mut Report,
) -> Option<Senate> {
    let s = src?;
    plays::field(
        family,
        game,
        "senate",
        Some(s.loc),
        "its turns place no influence: drop `senate`",
        report,
    );
    if s.chambers.is_empty() || s.chambers.len() > MAX_CHAMBERS {
        bad(
            report,
            s.loc,
            format!(
                "the senate has {} chambers; a senate has 1 to {MAX_CHAMBERS}",
                s.chambers.len()
            ),
            "chambers of the senate",
            Some("list each chamber's points: `chambers: [1, 2, 3, 3, 2, 1]`".into()),
        );
    }
    let chambers = (s.chambers.iter().take(MAX_CHAMBERS))
        .map(|p| small(report, p, 0, 20, "the points of a chamber") as u8)
        .collect();
    let cubes = s.cubes.as_ref().map_or(1, |c| {
        small(report, c, 1, MAX_CUBES, "the cubes of a player") as u8
    });
    let category = s
        .category
        .as_ref()
        .and_then(|c| find_in(c, categories, "category", report))?;
    let n = s.chambers.len().min(MAX_CHAMBERS) as i64;
    let mut face_down: Vec<u8> = Vec::new();
    let decrees = s.decrees.as_ref().and_then(|d| {
        for c in &d.face_down {
            let chamber = small(report, c, 1, n.max(1), "a chamber of `face_down`");
            let chamber = chamber.saturating_sub(1) as u8;
            if face_down.contains(&chamber) {
                bad(
                    report,
                    c.loc,
                    format!("chamber {} is named twice", chamber + 1),
                    "named already",
                    None,
                );
            }
            face_down.push(chamber);
        }
        find_in(&d.colour, colours, "colour", report)
    });
    face_down.sort_unstable();
    face_down.dedup();
    Some(Senate {
        chambers,
        cubes,
        category,
        supremacy: s.supremacy,
        decrees,
        decrees_at: s.decrees.as_ref().map(|d| d.colour.loc),
        face_down,
        loc: s.loc,
    })
}
