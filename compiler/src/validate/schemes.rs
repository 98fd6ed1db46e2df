//! Schemes' checks (`schemes:`): their words are played with schemes in
//! play; a scheme is a card of no Age of their colour, one copy with no
//! cost, whose effects happen at once when it is revealed; the deck holds
//! at least one, and no other rule deals its cards.

use crate::diag::{Code, Diagnostic, Report};
use crate::resolve::{Action, Card, Effect, Game, Pile, Trigger};
use crate::vocab::Unit;

/// The words that draw, keep or reveal schemes (`sevenw_dsl` word names).
const SCHEME_WORDS: [&str; 3] = ["draw schemes", "keep schemes", "trigger scheme"];

/// Each scheme word is played with schemes in play (E0306): else it would
/// check clean and draw or reveal nothing. A draw keeps no more than it
/// draws (E0006): `keep 3` of 2 would read as a choice never asked.
pub(super) fn scheme_words(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    for (e, call) in super::decks::calls_of(game, &SCHEME_WORDS) {
        let word = call.word.def().name;
        if !v.schemes_in_play {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    e.loc,
                    format!(
                        "`{word}` plays schemes, but no schemes are declared by `{}` or a set it is played with",
                        v.game
                    ),
                )
                .label("no schemes to draw or reveal")
                .help("declare `schemes:` (`schemes: {colour: plot}`) in the game.yaml of this expansion or of one it is played `with:`, or drop the word"),
            );
            continue;
        }
        let arg = |name: &str| match call.arg(name) {
            Some(crate::ir::Arg::Num(i)) => Some(i64::from(*i)),
            _ => None,
        };
        if let (Some(n), Some(keep)) = (arg("n"), arg("keep"))
            && keep > n
        {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    e.loc,
                    format!("`{word}` keeps {keep} of the {n} schemes it draws"),
                )
                .label("keeps more than it draws")
                .help(format!(
                    "keep at most the schemes drawn: `draw {n} schemes and keep {n}` keeps them all"
                )),
            );
        }
    }
}

/// Why `e`, on a card whose effects run once and which is never held (a
/// scheme revealed, a military token reached), would never happen: an
/// effect waiting for a trigger, scored at the end or lasting while held
/// (production, a discount, a symbol, an ability) would check clean and
/// do nothing. Shields are gained at once, moving the conflict pawn for
/// good (as Agora's Coup), and a card of the discard pile is built once at
/// the end of the turn; points only under `when built:`.
pub(super) fn never_at_once(e: &Effect) -> Option<&'static str> {
    match e.trigger {
        Trigger::Default | Trigger::WhenBuilt => {}
        _ => return Some("waits for its trigger while the card is held"),
    }
    match &e.action {
        Action::Gain {
            unit: Unit::Shields,
            ongoing,
            ..
        } => ongoing.then_some("lasts while the card is held"),
        Action::Gain { unit: Unit::Vp, .. } => (e.trigger == Trigger::Default)
            .then_some("is scored at the end, from the cards held then"),
        // Once, at the end of the turn.
        Action::BuildFree {
            pile: Pile::Discard,
            ..
        } => None,
        a => super::senate::lasts(a).then_some("lasts while the card is held"),
    }
}

/// `e` in plain words, for a message: `Produces 1 wood.` as `produces 1
/// wood`.
pub(super) fn said(v: &crate::vocab::Vocab, e: &Effect) -> String {
    let said = crate::describe::effect(v, e);
    let mut chars = said.trim_end_matches('.').chars();
    (chars.next().into_iter())
        .flat_map(char::to_lowercase)
        .chain(chars)
        .collect()
}

/// Whether `c` is a scheme: a card of no Age of the schemes' colour. Such
/// a card is one copy, drawn from the schemes' deck, so it has no
/// `players` and no cost (E0006), and its effects run once when it is
/// revealed, so each must happen at once (E0306).
pub(super) fn scheme_card(game: &Game, c: &Card, report: &mut Report) -> bool {
    let v = &game.vocab;
    // Its own schemes' colour, or that of a set it is played with.
    let colour = v.schemes.as_ref().map(|s| s.colour).or(v.lent_schemes);
    if c.age.value != 0 || colour.is_none() || c.colour != colour {
        return false;
    }
    let name = c.name.value.trim();
    super::senate::never_built(
        c,
        super::senate::Kind {
            what: "scheme",
            dealt: "drawn from the schemes' deck",
            one: "shuffled into the deck",
            owner: "a scheme is prepared by tucking a card of the figure under it, for free",
        },
        report,
    );
    for e in c.effects.list() {
        let Some(why) = never_at_once(e) else {
            continue;
        };
        let what = said(v, e);
        report.push(
            Diagnostic::new(
                Code::NotPlayed,
                e.loc,
                format!(
                    "`{name}` is a scheme: its effects run once when it is revealed, but this one ({what}) {why}, and a scheme is never held"
                ),
            )
            .label("never happens on a scheme")
            .help("give the scheme effects that happen at once (coins, shields, cubes, a card taken or discarded, `when built: gain 2 vp`), or make it a card of an Age"),
        );
    }
    true
}

/// The schemes' deck holds at least one card (E0204), and its colour is
/// no board's and not the decrees' (E0302): those cards would be dealt
/// twice. A colour the military tokens take too is reported once, by
/// `military.rs`.
pub(super) fn schemes(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let Some(s) = &v.schemes else { return };
    let name = &v.colours[usize::from(s.colour)];
    let help =
        "give the schemes a colour of their own: `colours: [plot]`, `schemes: {colour: plot}`";
    if dealt_twice(
        game,
        ("schemes", s.colour, s.colour_at),
        (false, true),
        help,
        report,
    ) {
        return;
    }
    // A file or card left out may hold them: its own report says so.
    let left_out =
        (game.left_out.iter()).any(|l| l.may_hold_age(0) && l.part != crate::load::Part::Copies);
    if !left_out && super::decks::of_no_age(game, s.colour) == 0 {
        report.push(
            Diagnostic::new(
                Code::DeckSize,
                s.colour_at,
                format!(
                    "the schemes' deck is made of the {name} cards of no Age, but `{}` has none",
                    v.game
                ),
            )
            .label("an empty deck of schemes")
            .help(format!(
                "add {name} cards to a file of `age: 0`, or name another colour"
            )),
        );
    }
}

/// Whether the cards of no Age of `colour`, dealt as `what` (written at
/// `at`), are dealt another way too (E0302): taken by a board, laid as
/// decrees, (`schemes`) made the schemes' deck, or (`drawn`) drawn into
/// the Ages by a draw rule. Reported once, at the colour.
pub(super) fn dealt_twice(
    game: &Game,
    (what, colour, at): (&str, u8, crate::source::Loc),
    (schemes, drawn): (bool, bool),
    help: &str,
    report: &mut Report,
) -> bool {
    let v = &game.vocab;
    let name = &v.colours[usize::from(colour)];
    let other = if let Some(board) = v.board_of_colour(colour) {
        format!("the board `{board}` takes them")
    } else if v.senate.as_ref().and_then(|s| s.decrees) == Some(colour) {
        "the senate lays them as decrees".to_string()
    } else if schemes && v.schemes.as_ref().map(|s| s.colour) == Some(colour) {
        "the schemes' deck is made of them".to_string()
    } else if v.draft.map(|d| d.colour) == Some(colour) {
        "the draft rule deals them".to_string()
    } else if drawn && v.draws.iter().any(|d| d.colours & 1 << colour != 0) {
        "a draw rule (`draws:`) draws them into the Ages".to_string()
    } else {
        return false;
    };
    report.push(
        Diagnostic::new(
            Code::BadVocabulary,
            at,
            format!(
                "the {what} are the {name} cards of no Age, but {other} too, and each card of no Age is dealt one way"
            ),
        )
        .label("dealt twice")
        .help(help),
    );
    true
}
