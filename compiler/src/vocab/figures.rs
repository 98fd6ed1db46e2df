//! The figures of a game whose Ages are laid out (`figures:` in
//! game.yaml, Duel's pyramids): each Age's rows from the top, drawn as
//! lines of `U` (a card face up), `D` (face down) and spaces, one
//! character a half card; and the tokens an expansion lays on their cards
//! (`figure_tokens:`), each slot named `[row, card]` from 1.

use super::*;
use crate::load::{FigureSrc, FigureTokensSrc};

/// The most cards of a figure (the runtime keeps them in 32-bit sets).
pub const MAX_FIGURE: usize = 32;

/// The widest row of a figure, in half cards.
const MAX_COLUMNS: usize = 64;

/// One card's place in a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FigureSlot {
    /// Its row from the top (the row taken last), from 0.
    pub row: u8,
    /// Its column in half cards from the left, from 0.
    pub col: u8,
    pub face_up: bool,
}

/// Tokens laid on an Age's figure: one on each of `slots` (indices into
/// the figure), drawn at random from `from` (kinds of token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureTokens {
    pub age: u8,
    pub slots: Vec<u8>,
    pub from: Vec<u8>,
    /// Where the entry is written.
    pub loc: Loc,
}

/// An expansion's own figures (`figures:`), in place of its game's: as
/// [`figures`], each of any size up to [`MAX_FIGURE`] (the decks an
/// expansion grows fill them); the layout's size becomes the largest.
pub(super) fn own_figures(
    src: &[FigureSrc],
    deal: &mut Deal,
    ages: u8,
    family: &str,
    game: &str,
    report: &mut Report,
) -> Option<Vec<Vec<FigureSlot>>> {
    if src.is_empty() {
        return None;
    }
    let out = figures(src, *deal, ages, None, family, game, report, false);
    if let Deal::Layout { size, .. } = deal {
        *size = out.iter().map(Vec::len).max().unwrap_or(0) as u8;
    }
    Some(out)
}

/// Reads and checks the figures of a game of `ages` Ages dealt by
/// `deal`: one per Age, each of the layout's size (with `sized`), no two
/// cards of a row on one another, no empty row. `layout_at` is where the
/// layout size is written; `family` and `game` name who would read them.
#[allow(clippy::too_many_arguments)]
pub(super) fn figures(
    src: &[FigureSrc],
    deal: Deal,
    ages: u8,
    layout_at: Option<Loc>,
    family: &str,
    game: &str,
    report: &mut Report,
    sized: bool,
) -> Vec<Vec<FigureSlot>> {
    let Deal::Layout { size, .. } = deal else {
        if let Some(f) = src.first() {
            bad(
                report,
                f.loc,
                "figures lay out the cards of a game whose Ages are laid out".into(),
                "this game does not lay its Ages out",
                Some(
                    "drop `figures`, or lay the Ages out: `layout: 20` with `set_aside: 3`".into(),
                ),
            );
        }
        return Vec::new();
    };
    plays::field(
        family,
        game,
        "figures",
        src.first().map(|f| f.loc),
        "its rules lay each Age out their own way: drop `figures`",
        report,
    );
    let reads = sevenw_dsl::FamilyDef::of(family).is_some_and(|f| f.reads_field("figures"));
    if src.is_empty() {
        if let (true, Some(at)) = (reads, layout_at) {
            report.push(
                Diagnostic::new(
                    Code::MissingField,
                    at,
                    "a game whose Ages are laid out draws each Age's figure: `figures`",
                )
                .label("laid out, but no figure says how")
                .help("add `figures:`, one list of rows per Age: `- [\"  U U  \", \" D D D \", \"U U U U\"]` (`U` a card face up, `D` face down, one character a half card)"),
            );
        }
        return Vec::new();
    }
    if src.len() != usize::from(ages) {
        let at = src.get(usize::from(ages)).unwrap_or(&src[src.len() - 1]);
        bad(
            report,
            at.loc,
            format!(
                "{} figure{} given, but the game has {ages} Age{}",
                src.len(),
                if src.len() == 1 { " is" } else { "s are" },
                if ages == 1 { "" } else { "s" }
            ),
            "one figure per Age",
            Some("list one figure per Age, Age I first".into()),
        );
    }
    src.iter()
        .enumerate()
        .map(|(i, f)| figure(f, i + 1, sized.then_some(size), report))
        .collect()
}

/// One Age's figure, read row by row.
fn figure(f: &FigureSrc, age: usize, size: Option<u8>, report: &mut Report) -> Vec<FigureSlot> {
    let mut slots = Vec::new();
    if f.rows.is_empty() {
        bad(
            report,
            f.loc,
            format!("the figure of Age {age} has no row"),
            "an empty figure",
            None,
        );
        return slots;
    }
    let mut fine = true;
    for (r, row) in f.rows.iter().enumerate() {
        let mut last: Option<usize> = None;
        let before = slots.len();
        for (col, (at, ch)) in row.value.char_indices().enumerate() {
            let face_up = match ch {
                ' ' => continue,
                'U' | 'u' => true,
                'D' | 'd' => false,
                other => {
                    bad(
                        report,
                        char_loc(row, at, other),
                        format!(
                            "`{}` is not a card of a figure",
                            sevenw_yaml::control_picture(other).unwrap_or(other)
                        ),
                        "only `U`, `D` and spaces",
                        Some("write `U` for a card face up, `D` for a card face down and a space for half a card of gap".into()),
                    );
                    fine = false;
                    break;
                }
            };
            if col >= MAX_COLUMNS {
                bad(
                    report,
                    row.loc,
                    format!("a row of a figure is at most {MAX_COLUMNS} half cards wide"),
                    "too wide",
                    None,
                );
                fine = false;
                break;
            }
            if last.is_some_and(|l| col < l + 2) {
                bad(
                    report,
                    char_loc(row, at, ch),
                    format!(
                        "two cards of row {} of Age {age}'s figure lie on one another",
                        r + 1
                    ),
                    "cards of a row at least two columns apart",
                    Some("one character is half a card: leave a space between two cards of a row (`U U`, not `UU`)".into()),
                );
                fine = false;
                break;
            }
            last = Some(col);
            slots.push(FigureSlot {
                row: r as u8,
                col: col as u8,
                face_up,
            });
        }
        if fine && slots.len() == before {
            bad(
                report,
                row.loc,
                format!("row {} of Age {age}'s figure has no card", r + 1),
                "an empty row",
                Some("every row holds a card: remove the empty one".into()),
            );
            fine = false;
        }
    }
    if fine && slots.len() > MAX_FIGURE {
        bad(
            report,
            f.loc,
            format!(
                "the figure of Age {age} lays out {} cards; a figure holds at most {MAX_FIGURE}",
                slots.len()
            ),
            "too many cards",
            None,
        );
        slots.truncate(MAX_FIGURE);
    } else if let Some(size) = size.filter(|&n| fine && slots.len() != usize::from(n)) {
        bad(
            report,
            f.loc,
            format!(
                "the figure of Age {age} lays out {} cards, but `layout` is {size}",
                slots.len()
            ),
            "not the layout's size",
            Some(format!(
                "draw {size} cards (`U` or `D`), or change `layout`"
            )),
        );
    }
    slots
}

/// Where the character at byte `at` of `row` stands in its file, when
/// the row is written as it reads (plain, or quoted with nothing escaped);
/// else the whole row.
fn char_loc(row: &Text, at: usize, ch: char) -> Loc {
    let (len, written) = (row.value.len(), row.loc.end - row.loc.start);
    let start = match written {
        w if w == len => row.loc.start + at,
        w if w == len + 2 => row.loc.start + 1 + at,
        _ => return row.loc,
    };
    Loc {
        start,
        end: start + ch.len_utf8(),
        ..row.loc
    }
}

/// Reads and checks an expansion's tokens on figures: an Age of the game
/// with a figure, once each; slots of that figure, each once; kinds of
/// token of `kinds`, at least one per slot.
pub(super) fn figure_tokens(
    src: &[FigureTokensSrc],
    figures: &[Vec<FigureSlot>],
    kinds: &[TokenDef],
    ages: u8,
    family: &str,
    game: &str,
    report: &mut Report,
) -> Vec<FigureTokens> {
    plays::field(
        family,
        game,
        "figure_tokens",
        src.first().map(|t| t.loc),
        "its rules lay no Age out as a figure: drop `figure_tokens`",
        report,
    );
    let names: Vec<String> = kinds.iter().map(|k| k.name.clone()).collect();
    let mut out: Vec<FigureTokens> = Vec::new();
    for t in src {
        if !(1..=i64::from(ages)).contains(&t.age.value) {
            small(report, &t.age, 1, i64::from(ages.max(1)), "the Age");
            continue;
        }
        let age = t.age.value as u8;
        let Some(figure) = figures.get(usize::from(age) - 1) else {
            continue;
        };
        if out.iter().any(|o| o.age == age) {
            bad(
                report,
                t.age.loc,
                format!("Age {age}'s figure has its tokens already"),
                "one entry per Age",
                Some("list every slot of the Age in one entry".into()),
            );
            continue;
        }
        let mut slots: Vec<u8> = Vec::new();
        for (row, card) in &t.slots {
            let Some(slot) = slot_of(figure, row, card, age, report) else {
                continue;
            };
            if slots.contains(&slot) {
                bad(
                    report,
                    row.loc,
                    format!(
                        "row {}, card {} of Age {age}'s figure has a token already",
                        row.value, card.value
                    ),
                    "named twice",
                    None,
                );
                continue;
            }
            slots.push(slot);
        }
        let from: Vec<u8> = t
            .from
            .iter()
            .filter_map(|k| find_in(k, &names, "kind of token", report))
            .collect();
        if from.len() == t.from.len() && from.len() < t.slots.len() {
            bad(
                report,
                t.loc,
                format!(
                    "{} slots but {} token{} to draw from",
                    t.slots.len(),
                    from.len(),
                    if from.len() == 1 { "" } else { "s" }
                ),
                "fewer tokens than slots",
                Some("list at least one token per slot in `from` (an entry per token)".into()),
            );
            continue;
        }
        out.push(FigureTokens {
            age,
            slots,
            from,
            loc: t.loc,
        });
    }
    out
}

/// The slot of `figure` at row `row`, card `card` (both from 1).
fn slot_of(
    figure: &[FigureSlot],
    row: &Int,
    card: &Int,
    age: u8,
    report: &mut Report,
) -> Option<u8> {
    let rows = figure.last().map_or(0, |s| i64::from(s.row) + 1);
    if !(1..=rows).contains(&row.value) {
        bad(
            report,
            row.loc,
            format!("Age {age}'s figure has rows 1 to {rows}, not {}", row.value),
            "no such row",
            Some("rows count from the top of the figure (the row taken last), from 1".into()),
        );
        return None;
    }
    let first = figure
        .iter()
        .position(|s| i64::from(s.row) == row.value - 1)?;
    let count = figure[first..]
        .iter()
        .take_while(|s| i64::from(s.row) == row.value - 1)
        .count() as i64;
    if !(1..=count).contains(&card.value) {
        bad(
            report,
            card.loc,
            format!(
                "row {} of Age {age}'s figure has cards 1 to {count}, not {}",
                row.value, card.value
            ),
            "no such card",
            Some("cards count from the left of their row, from 1".into()),
        );
        return None;
    }
    Some((first as i64 + card.value - 1) as u8)
}

/// Tokens an expansion lays on figures keep a place wherever it is played
/// (E0302): when another expansion of its game lays the Ages out in
/// figures of its own, and those are in play when both are (the later in
/// the family's order, `order`, that has its own), an expansion played
/// `with:` both (`automatic`) lays the first one's tokens again on those
/// figures, for every Age the first lays them on: as Pantheon's Mythology
/// and Offering tokens find other cards of Agora's larger structures
/// (duel-expansions-facts.md Part 3). The runtime lays a set's tokens
/// only on the figures it was written for.
pub(super) fn tokens_keep_a_place(out: &[Option<Vocab>], order: &[usize], report: &mut Report) {
    let sets: Vec<&Vocab> = order.iter().filter_map(|&i| out[i].as_ref()).collect();
    // Whether a set writes figures of its own (`figures:`), not its
    // game's nor those of a set it is played with.
    let own = |v: &Vocab| v.figures_at.is_some();
    for (i, a) in sets.iter().enumerate() {
        let Some(first) = a.figure_tokens.first() else {
            continue;
        };
        for (j, b) in sets.iter().enumerate() {
            if j == i
                || b.extends != a.extends
                || b.game == a.game
                || !own(b)
                || b.figures == a.figures
                || b.plays_at.meet(a.plays_at).is_empty()
            {
                continue;
            }
            // The figures in play with both.
            let later = if j > i || !own(a) { b } else { a };
            if later.figures == a.figures {
                continue;
            }
            let laid = sets.iter().any(|c| {
                c.automatic
                    && c.with.contains(&a.game)
                    && c.with.contains(&b.game)
                    && c.figures == later.figures
                    && (a.figure_tokens.iter())
                        .all(|t| c.figure_tokens.iter().any(|o| o.age == t.age))
            });
            if laid {
                continue;
            }
            let ages: Vec<String> = (a.figure_tokens.iter())
                .map(|t| t.age.to_string())
                .collect();
            report.push(
                Diagnostic::new(
                    Code::BadVocabulary,
                    b.figures_at.unwrap_or(first.loc),
                    format!(
                        "`{}` lays the Ages out its own way, but `{}` lays tokens on the figures of `{}`: played together, those tokens would have no place",
                        b.game,
                        a.game,
                        a.extends.as_deref().unwrap_or_default(),
                    ),
                )
                .label("other figures")
                .help(format!(
                    "add an expansion of `{}` played with both (`with: [{}, {}]`, `automatic: true`) that lays the tokens of `{}` on these figures with `figure_tokens:` (Age{} {})",
                    a.extends.as_deref().unwrap_or_default(),
                    a.game,
                    b.game,
                    a.game,
                    if ages.len() == 1 { "" } else { "s" },
                    ages.join(", ")
                )),
            );
        }
    }
}
