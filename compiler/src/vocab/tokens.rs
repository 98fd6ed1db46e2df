//! Kinds of token a game or an expansion declares (`tokens:` in
//! game.yaml): each a name its cities hold, take and count (`take 2 debt
//! tokens`, `per debt token in self`), its points per token at the end of
//! the game in a category (one number, or one per Age: a token is worth
//! its Age's), whether a loss of coins a city cannot pay is taken as such
//! tokens (Cities' debt), whether a city may hold fewer than none, and
//! whether other players see the count. Like colours, their places are
//! family-wide: an expansion's kinds come after the game's and those of
//! the expansions before it.

use super::*;
use crate::load::{TokenPoints, TokenSrc};

/// The most kinds of token a game holds with its expansions.
pub const MAX_TOKEN_KINDS: usize = 8;

/// The most Ages a kind scored by Age may list (a city keeps a count per
/// Age of each kind).
pub const MAX_TOKEN_AGES: usize = 4;

/// A checked kind of token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenDef {
    /// Its name, lower case: `debt` for `debt token`.
    pub name: String,
    /// Its VP at the end of the game, per token: one entry, or one per
    /// Age (a token taken in Age N is worth entry N - 1).
    pub points: Vec<i8>,
    /// The category (index) its points score in.
    pub category: u8,
    /// A loss of coins a city cannot pay is taken as tokens of this kind.
    pub instead_of_coins: bool,
    /// A city may hold fewer than none.
    pub negative: bool,
    /// Other players see how many a city holds.
    pub public: bool,
    /// A city holding one sits out the next battles and gives one up.
    pub sits_out: bool,
    /// With `instead_of_coins`: the loser chooses how many coins to pay.
    pub by_choice: bool,
    /// The card sets declaring it (lower case; several when they declare
    /// it alike and share it): its rules apply only in a game that plays
    /// one of them.
    pub sets: Vec<String>,
    /// Cards of its card set a city holding one builds free, as by a
    /// chain, as written (checked against the cards by `validate`).
    pub chains: Vec<Text>,
}

impl TokenDef {
    /// Whether `other` declares the same kind, whichever sets declare it.
    pub fn alike(&self, other: &TokenDef) -> bool {
        let bare = |t: &TokenDef| TokenDef {
            sets: Vec::new(),
            chains: (t.chains.iter())
                .map(|c| Text {
                    value: c.value.trim().to_lowercase(),
                    loc: Loc {
                        file: crate::source::FileId(0),
                        start: 0,
                        end: 0,
                    },
                })
                .collect(),
            ..t.clone()
        };
        bare(self) == bare(other)
    }
}

/// Refuses (E0306) what a kind of token says that the family `family`
/// playing `game` would not do: sitting out battles, which only the base
/// family's neighbour battles honour, and a loss of coins paid by choice,
/// which only its end of the turn asks.
pub(super) fn played_by(src: &[TokenSrc], family: &str, game: &str, report: &mut Report) {
    let set = |f: fn(&TokenSrc) -> Option<(bool, Loc)>| {
        src.iter()
            .find_map(|t| f(t).filter(|(b, _)| *b).map(|(_, l)| l))
    };
    super::plays::field(
        family,
        game,
        "sits_out",
        set(|t| t.sits_out),
        "its rules fight no battles between neighbours that a city could sit out: drop `sits_out`",
        report,
    );
    super::plays::field(
        family,
        game,
        "chains",
        src.iter().find_map(|t| t.chains.first().map(|c| c.loc)),
        "its rules build no card by a chain: drop the kind's `chains`",
        report,
    );
    super::plays::field(
        family,
        game,
        "by_choice",
        set(|t| t.by_choice),
        "its rules take a loss of coins as tokens only for the coins a city cannot pay: drop `by_choice`",
        report,
    );
}

/// Appends the kinds `src` declares to `tokens` (which holds those of the
/// game and of the expansions before), each checked: a single new name,
/// points within ±20 (one number, or one per Age of a game of `ages`),
/// a category of `categories`, at most one kind taken instead of coins,
/// a count below zero only for one number of points, at most
/// [`MAX_TOKEN_KINDS`] kinds, points by Age for at most
/// [`MAX_TOKEN_AGES`] Ages.
pub(super) fn declare(
    src: &[TokenSrc],
    set: &str,
    tokens: &mut Vec<TokenDef>,
    categories: &[String],
    ages: u8,
    report: &mut Report,
) {
    for t in src {
        let name = lower(&t.name);
        if name.is_empty() || name.contains(char::is_whitespace) || name == "token" {
            bad(
                report,
                t.name.loc,
                format!("`{}` is not a valid name of a token", t.name.value),
                "a single word",
                Some("name the kind by one word: `debt` makes `debt token`".into()),
            );
            continue;
        }
        if tokens.iter().any(|k| k.name == name) {
            report.push(
                Diagnostic::new(
                    Code::DefinedInBoth,
                    t.name.loc,
                    format!("the token `{name}` is already declared"),
                )
                .label("declared again here")
                .help("a kind of token is declared once, by the game or by one expansion"),
            );
            continue;
        }
        if tokens.len() == MAX_TOKEN_KINDS {
            bad(
                report,
                t.name.loc,
                format!("a game may declare at most {MAX_TOKEN_KINDS} kinds of token"),
                "one too many",
                None,
            );
            continue;
        }
        let point = |i: &Int, report: &mut Report| {
            if (-20..=20).contains(&i.value) {
                i.value as i8
            } else {
                small(report, i, -20, 20, "the points of a token");
                0
            }
        };
        let points: Vec<i8> = match &t.points {
            TokenPoints::One(i) => vec![point(i, report)],
            TokenPoints::PerAge(list, loc) => {
                if list.len() != usize::from(ages) || ages < 2 {
                    bad(
                        report,
                        *loc,
                        format!(
                            "`points` lists {} numbers, but the game has {ages} Age{}",
                            list.len(),
                            if ages == 1 { "" } else { "s" }
                        ),
                        "one number per Age",
                        Some(if ages < 2 {
                            "a game of one Age gives its tokens one number of points: `points: -1`"
                                .into()
                        } else {
                            format!("write {ages} numbers, a token taken in Age N worth the Nth")
                        }),
                    );
                    continue;
                }
                list.iter().map(|i| point(i, report)).collect()
            }
        };
        if points.len() > MAX_TOKEN_AGES {
            let TokenPoints::PerAge(_, loc) = &t.points else {
                continue;
            };
            bad(
                report,
                *loc,
                format!(
                    "a kind of token is scored by Age in games of at most {MAX_TOKEN_AGES} Ages"
                ),
                "too many Ages",
                Some("give it one number of points (`points: -1`)".into()),
            );
            continue;
        }
        let Some(category) = find_in(&t.category, categories, "category", report) else {
            continue;
        };
        let instead = t.instead_of_coins.is_some_and(|(b, _)| b);
        if instead && tokens.iter().any(|k| k.instead_of_coins) {
            let at = t.instead_of_coins.map_or(t.loc, |(_, l)| l);
            bad(
                report,
                at,
                "another kind of token is already taken instead of coins".into(),
                "one kind at most",
                Some("a loss of coins a city cannot pay is taken as one kind of token".into()),
            );
            continue;
        }
        let by_choice = t.by_choice.is_some_and(|(b, _)| b);
        if by_choice && !instead {
            let at = t.by_choice.map_or(t.loc, |(_, l)| l);
            bad(
                report,
                at,
                "`by_choice` says how a loss of coins is taken as these tokens, but this kind is not taken instead of coins".into(),
                "needs `instead_of_coins: true`",
                Some("add `instead_of_coins: true`, or leave out `by_choice`".into()),
            );
            continue;
        }
        let negative = t.negative.is_some_and(|(b, _)| b);
        if negative && points.len() > 1 {
            let at = t.negative.map_or(t.loc, |(_, l)| l);
            bad(
                report,
                at,
                "a kind scored by Age cannot be held below zero".into(),
                "a count below zero has no Age",
                Some("give it one number of points (`points: -1`), or leave out `negative`".into()),
            );
            continue;
        }
        tokens.push(TokenDef {
            name,
            points,
            category,
            instead_of_coins: instead,
            negative,
            public: t.public.is_none_or(|(b, _)| b),
            sits_out: t.sits_out.is_some_and(|(b, _)| b),
            by_choice,
            sets: vec![set.to_string()],
            chains: t.chains.clone(),
        });
    }
}
