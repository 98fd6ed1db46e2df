//! Kinds of token a game or an expansion declares (`tokens:` in
//! game.yaml): each a name its cities hold, take and count (`take 2 debt
//! tokens`, `per debt token in self`), its points per token at the end of
//! the game in a category (one number, or one per Age: a token is worth
//! its Age's), whether a loss of coins a city cannot pay is taken as such
//! tokens (Cities' debt), whether a city may hold fewer than none, and
//! whether other players see the count, the card a city taking one lays
//! on a board (`places:`, Pantheon's Mythology tokens), the coins one
//! takes off a board's card (`board_discount:`, its Offering tokens) and
//! whether each is a coin held apart from the treasury (`as_coins:`, its
//! Astarte's coins).
//! Like colours, their places are family-wide: an expansion's kinds come
//! after the game's and those of the expansions before it.

use super::*;
use crate::load::{PlacesSrc, TokenPoints, TokenSrc};

/// The most kinds of token a game holds with its expansions.
pub const MAX_TOKEN_KINDS: usize = 16;

/// The most cards a kind's `places` may draw.
pub const MAX_PLACES_DRAW: i64 = 8;

/// The most coins one token may take off a board's card.
pub const MAX_BOARD_DISCOUNT: i64 = 20;

/// The most kinds with a `board_discount` one card set declares: the
/// runtime numbers the choice of which to give up as a 4-bit mask.
pub const MAX_DISCOUNT_KINDS: usize = 4;

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
    /// The card a city taking one lays on a board (`places:`).
    pub places: Option<TokenPlaces>,
    /// Coins one token takes off a board's card when its city gives it up
    /// on taking the card (`board_discount:`), 1 to
    /// [`MAX_BOARD_DISCOUNT`]; 0: none.
    pub board_discount: u8,
    /// Each token is a coin its city holds apart from its treasury, spent
    /// on a price once the treasury runs out, never taken by a loss of
    /// coins (`as_coins:`; Pantheon's Astarte). Never with
    /// `instead_of_coins`, `negative` or a `board_discount` (see
    /// [`held_apart`]).
    pub as_coins: bool,
}

/// A checked `places:` of a kind of token: a city taking one draws `draw`
/// cards of `colour` (of no Age), keeps one and lays it face down on an
/// empty space of the board `board`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenPlaces {
    /// The colour (index) of the cards drawn.
    pub colour: u8,
    /// How many are drawn, 1 to [`MAX_PLACES_DRAW`].
    pub draw: u8,
    /// The board's name, lower case (checked by [`kinds_on_boards`]).
    pub board: String,
    /// Where the colour is written (for E0204 when it has no card).
    pub colour_at: Loc,
}

impl TokenDef {
    /// Whether `other` declares the same kind, whichever sets declare it.
    pub fn alike(&self, other: &TokenDef) -> bool {
        let nowhere = Loc {
            file: crate::source::FileId(0),
            start: 0,
            end: 0,
        };
        let bare = |t: &TokenDef| TokenDef {
            sets: Vec::new(),
            chains: (t.chains.iter())
                .map(|c| Text {
                    value: c.value.trim().to_lowercase(),
                    loc: nowhere,
                })
                .collect(),
            places: t.places.clone().map(|p| TokenPlaces {
                colour_at: nowhere,
                ..p
            }),
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
    super::plays::field(
        family,
        game,
        "places",
        src.iter().find_map(|t| t.places.as_ref().map(|p| p.loc)),
        "its rules lay no cards on boards (only the Duel family has boards): drop the kind's `places`",
        report,
    );
    super::plays::field(
        family,
        game,
        "board_discount",
        src.iter()
            .find_map(|t| t.board_discount.as_ref().map(|d| d.loc)),
        "its rules take no cards from boards (only the Duel family has boards): drop the kind's `board_discount`",
        report,
    );
    super::plays::field(
        family,
        game,
        "as_coins",
        set(|t| t.as_coins),
        "only the Duel family's prices are paid from held coins; its rules pay from the treasury alone: drop `as_coins`",
        report,
    );
}

/// A kind of token whose tokens are coins held apart (`as_coins: true`)
/// is neither taken instead of coins not paid, nor held below zero, nor
/// a discount on a board's card (E0302, at its `as_coins`), where the family `family` reads the field
/// (else E0306 by [`played_by`]); [`declare`] declares such a kind
/// without `as_coins`.
pub(super) fn held_apart(src: &[TokenSrc], family: &str, report: &mut Report) {
    if sevenw_dsl::FamilyDef::of(family).is_some_and(|f| !f.reads_field("as_coins")) {
        return;
    }
    for t in src {
        let Some((true, at)) = t.as_coins else {
            continue;
        };
        let name = lower(&t.name);
        if t.instead_of_coins.is_some_and(|(b, _)| b) {
            bad(
                report,
                at,
                format!(
                    "`{name}` tokens are coins a city holds apart, so they cannot also stand for coins a city does not pay (`instead_of_coins`)"
                ),
                "coins held apart",
                Some(format!(
                    "a coin held apart is a coin the city has; a token taken instead of coins is a coin it lacks: drop `as_coins` or `instead_of_coins` from `{name}`, or declare two kinds"
                )),
            );
        }
        if t.board_discount.is_some() {
            bad(
                report,
                at,
                format!(
                    "`{name}` tokens are coins a city holds apart, so they cannot also take coins off a board's card (`board_discount`): one token would pay twice"
                ),
                "coins held apart",
                Some(format!(
                    "a coin held apart pays one coin of any price; a board discount takes coins off one card: drop `as_coins` or `board_discount` from `{name}`, or declare two kinds"
                )),
            );
        }
        if t.negative.is_some_and(|(b, _)| b) {
            bad(
                report,
                at,
                format!(
                    "`{name}` tokens are coins a city holds apart, so a city cannot hold fewer than none of them (`negative`)"
                ),
                "coins held apart",
                Some(format!(
                    "a city spends only the coins it holds, never more: drop `negative` or `as_coins` from `{name}`"
                )),
            );
        }
    }
}

/// What the kinds `src` of the card set `game` do on boards, checked
/// against `boards`, those of the set and of the sets it is played with
/// (E0302): the board a kind's `places` names is one of them; where the
/// family reads `board_discount` (else E0306 by [`played_by`]), a kind
/// with one needs a board, and at most [`MAX_DISCOUNT_KINDS`] kinds have
/// one.
pub(super) fn kinds_on_boards(
    src: &[TokenSrc],
    boards: &[String],
    family: &str,
    game: &str,
    report: &mut Report,
) {
    let read = sevenw_dsl::FamilyDef::of(family).is_none_or(|f| f.reads_field("board_discount"));
    let discounts =
        (src.iter().filter(|_| read)).filter_map(|t| Some((t, t.board_discount.as_ref()?)));
    for (i, (t, d)) in discounts.enumerate() {
        let name = lower(&t.name);
        if boards.is_empty() {
            bad(
                report,
                d.loc,
                format!(
                    "`{name}` tokens take coins off the price of a card of a board, but no board is declared by `{game}` or a set it is played with"
                ),
                "no board to take a card from",
                Some("`board_discount` needs a board: declare one under `boards:` of this expansion or of one it is played `with:`, or drop `board_discount`".into()),
            );
        }
        if i >= MAX_DISCOUNT_KINDS {
            bad(
                report,
                d.loc,
                format!(
                    "`{game}` gives a `board_discount` to more than {MAX_DISCOUNT_KINDS} kinds of token"
                ),
                "one kind too many",
                Some(format!(
                    "a city chooses which tokens to give up for a card among at most {MAX_DISCOUNT_KINDS} kinds with a `board_discount`: drop it from this kind or from another"
                )),
            );
        }
    }
    for p in src.iter().filter_map(|t| t.places.as_ref()) {
        let name = lower(&p.board);
        if boards.contains(&name) {
            continue;
        }
        let help = if boards.is_empty() {
            format!(
                "no board is declared by `{game}` or a set it is played with: a kind lays cards on a board of an expansion's `boards:`"
            )
        } else {
            let near = crate::diag::suggest(&name, boards.iter().map(String::as_str));
            let all = format!("the boards it knows: {}", boards.join(", "));
            near.map_or(all.clone(), |n| format!("{n} ({all})"))
        };
        bad(
            report,
            p.board.loc,
            format!("`{name}` is not a board of `{game}` or of a set it is played with"),
            "unknown board",
            Some(help),
        );
    }
}

/// A kind's `places`, checked: `draw` 1 to [`MAX_PLACES_DRAW`] (E0006),
/// `colour` one of `colours` (E0302); the board is checked by
/// [`kinds_on_boards`] once the boards are known. `None` when wrong.
fn places(p: &PlacesSrc, colours: &[String], report: &mut Report) -> Option<TokenPlaces> {
    let draw = (1..=MAX_PLACES_DRAW).contains(&p.draw.value);
    if !draw {
        small(
            report,
            &p.draw,
            1,
            MAX_PLACES_DRAW,
            "the cards `places` draws",
        );
    }
    let colour = find_in(&p.colour, colours, "colour", report)?;
    draw.then(|| TokenPlaces {
        colour,
        draw: p.draw.value as u8,
        board: lower(&p.board),
        colour_at: p.colour.loc,
    })
}

/// Appends the kinds `src` declares to `tokens` (which holds those of the
/// game and of the expansions before), each checked: a single new name,
/// points within ±20 (one number, or one per Age of a game of `ages`),
/// a category of `categories`, at most one kind taken instead of coins,
/// a count below zero only for one number of points, at most
/// [`MAX_TOKEN_KINDS`] kinds, points by Age for at most
/// [`MAX_TOKEN_AGES`] Ages, a `places` drawing 1 to [`MAX_PLACES_DRAW`]
/// cards of a colour of `colours`, a `board_discount` of 1 to
/// [`MAX_BOARD_DISCOUNT`] coins (a kind whose `places` or
/// `board_discount` is wrong is declared without it, the mistake
/// reported), `as_coins` neither taken instead of coins, nor below zero,
/// nor with a `board_discount` (else declared without it, the mistake
/// reported by [`held_apart`]).
pub(super) fn declare(
    src: &[TokenSrc],
    set: &str,
    tokens: &mut Vec<TokenDef>,
    categories: &[String],
    colours: &[String],
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
        let places = t.places.as_ref().and_then(|p| places(p, colours, report));
        let board_discount = t.board_discount.as_ref().map_or(0, |d| discount(d, report));
        let as_coins = t.as_coins.is_some_and(|(b, _)| b)
            && !instead
            && !negative
            && t.board_discount.is_none();
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
            places,
            board_discount,
            as_coins,
        });
    }
}

/// A kind's `board_discount`, checked: 1 to [`MAX_BOARD_DISCOUNT`] coins
/// (E0006); 0 when wrong.
fn discount(d: &Int, report: &mut Report) -> u8 {
    if (1..=MAX_BOARD_DISCOUNT).contains(&d.value) {
        return d.value as u8;
    }
    report.push(
        Diagnostic::new(
            Code::BadValue,
            d.loc,
            format!(
                "a token takes 1 to {MAX_BOARD_DISCOUNT} coins off the price of a card of a board, found {}",
                d.value
            ),
        )
        .label("out of range")
        .help(format!(
            "write the coins one token takes off, 1 to {MAX_BOARD_DISCOUNT}; a kind that takes none leaves out `board_discount`"
        )),
    );
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(start: usize) -> Loc {
        Loc {
            file: crate::source::FileId(1),
            start,
            end: start + 1,
        }
    }

    fn kind(board: &str, colour_at: Loc) -> TokenDef {
        TokenDef {
            name: "omen".into(),
            points: vec![2],
            category: 0,
            instead_of_coins: false,
            negative: false,
            public: true,
            sits_out: false,
            by_choice: false,
            sets: vec!["a".into()],
            chains: Vec::new(),
            places: Some(TokenPlaces {
                colour: 3,
                draw: 2,
                board: board.into(),
                colour_at,
            }),
            board_discount: 0,
            as_coins: false,
        }
    }

    /// Two sets sharing a kind agree on what it lays, on the coins it
    /// takes off a board's card and on whether its tokens are coins held
    /// apart, wherever each writes them; a kind laying on another board,
    /// or drawing another count, or laying nothing, or taking other coins
    /// off, or held apart in one set only, is another kind (E0304 where
    /// declared).
    #[test]
    fn kinds_are_alike_only_when_they_lay_alike() {
        let mine = kind("shrine", at(10));
        let theirs = TokenDef {
            sets: vec!["b".into()],
            ..kind("shrine", at(99))
        };
        assert!(mine.alike(&theirs));
        assert!(!mine.alike(&kind("altar", at(10))));
        let mut more = kind("shrine", at(10));
        more.places.as_mut().unwrap().draw = 3;
        assert!(!mine.alike(&more));
        let none = TokenDef {
            places: None,
            ..kind("shrine", at(10))
        };
        assert!(!mine.alike(&none));
        let offering = |n: u8, loc: Loc| TokenDef {
            board_discount: n,
            ..kind("shrine", loc)
        };
        assert!(offering(3, at(10)).alike(&offering(3, at(99))));
        assert!(!offering(3, at(10)).alike(&offering(2, at(10))));
        assert!(!offering(3, at(10)).alike(&mine));
        let hoard = |loc: Loc| TokenDef {
            as_coins: true,
            ..kind("shrine", loc)
        };
        assert!(hoard(at(10)).alike(&hoard(at(99))));
        assert!(!hoard(at(10)).alike(&mine));
        assert!(!mine.alike(&hoard(at(99))));
    }
}
