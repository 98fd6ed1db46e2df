//! Military tokens' checks (`military_tokens:`): a token is a card of no
//! Age of their colour, one copy with no cost, whose effects happen at
//! once when the conflict pawn first reaches its square; there is one
//! card for each square, and no other rule deals its cards.

use crate::diag::{Code, Diagnostic, Report};
use crate::resolve::{Card, Game};

/// Whether `c` is a military token: a card of no Age of the tokens'
/// colour. Such a card is one copy, laid on its square of the conflict
/// track, so it has no `players` and no cost (E0006), and its effects run
/// once when the pawn reaches it, so each must happen at once (E0306).
pub(super) fn military_card(game: &Game, c: &Card, report: &mut Report) -> bool {
    let v = &game.vocab;
    let colour = v.military_tokens.as_ref().map(|m| m.colour);
    if c.age.value != 0 || colour.is_none() || c.colour != colour {
        return false;
    }
    let name = c.name.value.trim();
    super::senate::never_built(
        c,
        super::senate::Kind {
            what: "military token",
            dealt: "laid on the conflict track",
            one: "laid on its square of the track (`at`)",
            owner: "the player whose shields move the conflict pawn onto it carries it out, for free",
        },
        report,
    );
    for e in c.effects.list() {
        let Some(why) = super::schemes::never_at_once(e) else {
            continue;
        };
        let what = super::schemes::said(v, e);
        report.push(
            Diagnostic::new(
                Code::NotPlayed,
                e.loc,
                format!(
                    "`{name}` is a military token: its effects run once when the conflict pawn first reaches it, but this one ({what}) {why}, and a military token is never held"
                ),
            )
            .label("never happens on a military token")
            .help("give the token effects that happen at once (cubes placed or removed, coins gained or lost, shields, a card taken or discarded), or make it a card of an Age"),
        );
    }
    true
}

/// The military tokens' colour is no board's, not the decrees' and not
/// the schemes' (E0302): those cards would be dealt twice. There is one
/// card of that colour for each square of `at` (E0204), in the order
/// written: a square without a card would lay no token, a card without a
/// square would never be played. Both are a count of cards that is not
/// the count the rule deals, as a deck of the wrong size, so both are
/// E0204, the one at the square, the other at the card.
pub(super) fn military(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let Some(m) = &v.military_tokens else { return };
    let name = &v.colours[usize::from(m.colour)];
    let help = "give the military tokens a colour of their own: `colours: [militia]`, `military_tokens: {colour: militia, at: [3, 6]}`";
    let what = ("military tokens", m.colour, m.colour_at);
    if super::schemes::dealt_twice(game, what, (true, true), help, report) {
        return;
    }
    // A file or card left out may hold them: its own report says so.
    let left_out =
        (game.left_out.iter()).any(|l| l.may_hold_age(0) && l.part != crate::load::Part::Copies);
    if left_out {
        return;
    }
    let cards: Vec<&Card> = (game.cards.iter())
        .filter(|c| c.age.value == 0 && c.colour == Some(m.colour))
        .collect();
    let (have, want) = (cards.len(), m.at.len());
    let squares = crate::describe::plural(want as i64, "square", "squares");
    let held = |what: &str| {
        crate::describe::plural(have as i64, &format!("{what}card"), &format!("{what}cards"))
    };
    if have < want {
        let square = m.at[have];
        report.push(
            Diagnostic::new(
                Code::DeckSize,
                m.at_locs.get(have).copied().unwrap_or(m.loc),
                format!(
                    "`at` names {squares}, each to hold a {name} card of no Age, but `{}` has {}: square {square} has no military token",
                    v.game,
                    held("such ")
                ),
            )
            .label("no card for this square")
            .help(format!(
                "add a {name} card to a file of `age: 0` for each square of `at`, in the same order, or drop the square"
            )),
        );
    } else if let Some(extra) = cards.get(want) {
        let card = extra.name.value.trim();
        report.push(
            Diagnostic::new(
                Code::DeckSize,
                extra.name.loc,
                format!(
                    "`{card}` is {name} card {} of no Age, but `at` names {squares} for the military tokens: it would lie on no square and never be played",
                    want + 1
                ),
            )
            .label("no square for this card")
            .help(format!(
                "add its square to `at` (the cards lie on the squares in the order written), or give the card another colour; `{}` has {} of no Age",
                v.game,
                held(&format!("{name} "))
            )),
        );
    }
}
