//! Boards of spaces an expansion lays beside the table (`boards:`, the
//! Duel family), as Pantheon's board of six spaces: each space holds one
//! card of no Age and names its price for each player; a turn in an Age
//! the board is open may take the card of a space for that price; at the
//! start of an Age a fill names, its empty spaces take cards of a colour
//! drawn at random.

use super::*;
use crate::load::BoardSrc;

/// The most spaces of a board (the runtime numbers every board's spaces
/// together in one byte).
pub const MAX_SPACES: usize = 16;

/// The most coins a space may ask.
const MAX_PRICE: i64 = 99;

/// A checked board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub name: String,
    /// Each space's price for the first player and the second.
    pub spaces: Vec<[u8; 2]>,
    /// The Ages in which a turn may take a card from it, ascending.
    pub open: Vec<u8>,
    /// `(age, colour)`: at the start of Age `age`, empty spaces take cards
    /// of `colour`; by Age.
    pub fill: Vec<(u8, u8)>,
    /// Where each fill's colour is written, in `fill`'s order.
    pub fill_at: Vec<Loc>,
    pub loc: Loc,
}

/// Reads and checks an expansion's boards: a name each, 1 to
/// [`MAX_SPACES`] spaces priced 0 to 99, open in Ages of the game (once
/// each), filled in Ages of the game (once each) from colours it knows.
pub(super) fn boards(
    src: &[BoardSrc],
    colours: &[String],
    ages: u8,
    family: &str,
    game: &str,
    report: &mut Report,
) -> Vec<Board> {
    plays::field(
        family,
        game,
        "boards",
        src.first().map(|b| b.name.loc),
        "its turns take cards from the table only: drop `boards`",
        report,
    );
    let in_ages = |i: &Int, what: &str, report: &mut Report| {
        if (1..=i64::from(ages)).contains(&i.value) {
            Some(i.value as u8)
        } else {
            small(report, i, 1, i64::from(ages.max(1)), what);
            None
        }
    };
    let mut out: Vec<Board> = Vec::new();
    for b in src {
        let name = lower(&b.name);
        if b.spaces.is_empty() || b.spaces.len() > MAX_SPACES {
            bad(
                report,
                b.name.loc,
                format!(
                    "the board `{name}` has {} spaces; a board has 1 to {MAX_SPACES}",
                    b.spaces.len()
                ),
                "spaces of the board",
                Some("list each space's price: `spaces: [[3, 8], [4, 7]]`".into()),
            );
        }
        let spaces = b
            .spaces
            .iter()
            .take(MAX_SPACES)
            .map(|(a, c)| {
                [a, c].map(|p| small(report, p, 0, MAX_PRICE, "the price of a space") as u8)
            })
            .collect();
        let mut open: Vec<u8> = Vec::new();
        for a in &b.open {
            let Some(age) = in_ages(a, "an Age of `open`", report) else {
                continue;
            };
            if open.contains(&age) {
                bad(
                    report,
                    a.loc,
                    format!("Age {age} is named twice"),
                    "named already",
                    None,
                );
            }
            open.push(age);
        }
        open.sort_unstable();
        open.dedup();
        let (mut fill, mut fill_at): (Vec<(u8, u8)>, Vec<Loc>) = (Vec::new(), Vec::new());
        for f in &b.fill {
            let age = in_ages(&f.age, "the Age of a fill", report);
            let colour = find_in(&f.colour, colours, "colour", report);
            let (Some(age), Some(colour)) = (age, colour) else {
                continue;
            };
            if fill.iter().any(|&(a, _)| a == age) {
                bad(
                    report,
                    f.age.loc,
                    format!("the board `{name}` is filled at the start of Age {age} already"),
                    "one fill per Age",
                    None,
                );
                continue;
            }
            fill.push((age, colour));
            fill_at.push(f.colour.loc);
        }
        if fill.is_empty() {
            bad(
                report,
                b.name.loc,
                format!("nothing ever fills the board `{name}`"),
                "no fill",
                Some("add `fill: [{age: 1, colour: …}]`: the colour of cards of no Age its spaces take".into()),
            );
        }
        out.push(Board {
            name,
            spaces,
            open,
            fill,
            fill_at,
            loc: b.name.loc,
        });
    }
    out
}

impl Vocab {
    /// The board that takes the cards of no Age of `colour`: a board of
    /// this set a fill takes them for, or the board a kind of token's
    /// `places` lays them on. Such cards are a board's, not drafted.
    pub fn board_of_colour(&self, colour: u8) -> Option<&str> {
        let filled = (self.boards.iter())
            .find(|b| b.fill.iter().any(|&(_, f)| f == colour))
            .map(|b| b.name.as_str());
        filled.or_else(|| {
            (self.tokens.iter())
                .filter_map(|t| t.places.as_ref())
                .find(|p| p.colour == colour)
                .map(|p| p.board.as_str())
        })
    }
}
