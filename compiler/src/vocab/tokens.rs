//! Kinds of token a game or an expansion declares (`tokens:` in
//! game.yaml): each a name its cities hold, take and count (`take 2 debt
//! tokens`, `per debt token in self`), its points per token at the end of
//! the game in a category, and whether a loss of coins a city cannot pay
//! is taken as such tokens (Cities' debt). Like colours, their places are
//! family-wide: an expansion's kinds come after the game's and those of the
//! expansions before it.

use super::*;
use crate::load::TokenSrc;

/// The most kinds of token a game holds with its expansions.
pub const MAX_TOKEN_KINDS: usize = 8;

/// A checked kind of token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenDef {
    /// Its name, lower case: `debt` for `debt token`.
    pub name: String,
    /// Its VP at the end of the game, per token.
    pub points: i8,
    /// The category (index) its points score in.
    pub category: u8,
    /// A loss of coins a city cannot pay is taken as tokens of this kind.
    pub instead_of_coins: bool,
}

/// Appends the kinds `src` declares to `tokens` (which holds those of the
/// game and of the expansions before), each checked: a single new name,
/// points within ±20, a category of `categories`, at most one kind taken
/// instead of coins, at most [`MAX_TOKEN_KINDS`] in all.
pub(super) fn declare(
    src: &[TokenSrc],
    tokens: &mut Vec<TokenDef>,
    categories: &[String],
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
        let points = if (-20..=20).contains(&t.points.value) {
            t.points.value as i8
        } else {
            small(report, &t.points, -20, 20, "the points of a token");
            0
        };
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
        tokens.push(TokenDef {
            name,
            points,
            category,
            instead_of_coins: instead,
        });
    }
}
