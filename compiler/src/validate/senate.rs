//! A senate's checks (`senate:`): its words are played with a senate in
//! play and name chambers it has; its decrees are cards of no Age, enough
//! for every chamber, each giving only what lasts while its chamber is
//! controlled.

use crate::diag::{Code, Diagnostic, Report};
use crate::resolve::{Action, Card, Game, Trigger};
use crate::vocab::Unit;

/// The words that place, remove, move or count cubes of a senate
/// (`sevenw_dsl` word names).
const SENATE_WORDS: [&str; 8] = [
    "place influence",
    "remove influence",
    "move influence",
    "senate actions",
    "senate count",
    "coins per cube",
    "lose per cube",
    "move decree",
];

/// Each senate word is played with a senate in play (E0306), and the
/// chambers it names are the senate's, the first not after the last
/// (E0006): else it would check clean and place nothing.
pub(super) fn senate_words(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    for (e, call) in super::decks::calls_of(game, &SENATE_WORDS) {
        let word = call.word.def().name;
        let n = v.senate_chambers;
        if n == 0 {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    e.loc,
                    format!(
                        "`{word}` {} of a senate, but no senate is declared by `{}` or a set it is played with",
                        if word == "move decree" { "moves a decree" } else { "places or moves cubes" },
                        v.game
                    ),
                )
                .label("no senate to place cubes in")
                .help("declare a `senate:` in the game.yaml of this expansion or of one it is played `with:`"),
            );
            continue;
        }
        // A decree moved needs decrees (those of a senate lent by a set
        // played with are not known here).
        if word == "move decree" {
            if v.senate.as_ref().is_some_and(|s| s.decrees.is_none()) {
                report.push(
                    Diagnostic::new(
                        Code::NotPlayed,
                        e.loc,
                        format!("`{word}` moves a decree of the senate, but the senate of `{}` lays no decrees", v.game),
                    )
                    .label("no decree to move")
                    .help("give the senate decrees (`decrees: {colour: decree}`), or drop the word"),
                );
            }
            continue;
        }
        let arg = |name: &str| match call.arg(name) {
            Some(crate::ir::Arg::Num(i)) => Some(i64::from(*i)),
            _ => None,
        };
        let (Some(from), Some(to)) = (arg("from"), arg("to")) else {
            continue;
        };
        // `any chamber` leaves the slots' defaults, 1 to the most chambers.
        let to = if call.def().name == "place influence" && to == crate::vocab::MAX_CHAMBERS as i64
        {
            to.min(i64::from(n))
        } else {
            to
        };
        if from > to || to > i64::from(n) {
            report.push(
                Diagnostic::new(
                    Code::BadValue,
                    e.loc,
                    format!(
                        "`{word}` names chambers {from} to {to}, but the senate has chambers 1 to {n}"
                    ),
                )
                .label("no such chambers")
                .help(format!(
                    "name chambers from 1 to {n}, the first not after the last, or `any chamber`"
                )),
            );
        }
    }
}

/// The host calls whose effect lasts while a source is held, and goes
/// with it: what the runtime's `Join` grants a city a decree's control
/// passes to (`runtime/src/engine/held.rs`).
const HELD_CALLS: [&str; 15] = [
    "trade_price",
    "board_discount",
    "pawn_toll",
    "chain_price",
    "copy_card",
    "receive_trade_coins",
    "bank_trade",
    "science",
    "give_defeats",
    "keep_schemes",
    "senate_count",
    "bank_rebate",
    "chain_from",
    "held_shields",
    "waive_symbol",
];

/// Whether what `action`, run when its source is gained, lasts while it
/// is held (production, discounts, shields, points scored at the end…)
/// rather than happening once (coins, losses, choices).
pub(super) fn lasts(action: &Action) -> bool {
    match action {
        Action::Produce { .. }
        | Action::TradeRebate { .. }
        | Action::ProduceMatching { .. }
        | Action::BuildFree { .. }
        | Action::Discount { .. }
        | Action::CoinDiscount { .. }
        | Action::FreeRule(_)
        | Action::ScienceRule(_) => true,
        Action::Gain { unit, .. } => *unit != Unit::Coins,
        Action::Lose { .. } => false,
        Action::Call { call, .. } => {
            let host = call.def().host;
            HELD_CALLS
                .iter()
                .any(|h| host.starts_with(&format!("{h}(")))
        }
    }
}

/// A kind of card of no Age dealt one copy at a time and never built
/// (decrees, schemes), as its diagnostics name it.
pub(super) struct Kind {
    pub what: &'static str,
    /// How it is dealt: "laid on a chamber".
    pub dealt: &'static str,
    /// How each copy comes: "drawn at random".
    pub one: &'static str,
    /// Why it needs no cost.
    pub owner: &'static str,
}

/// A card of `kind` takes no player counts and no cost (E0006): it is
/// one copy, dealt, never built.
pub(super) fn never_built(c: &Card, kind: Kind, report: &mut Report) {
    let name = c.name.value.trim();
    let what = kind.what;
    if let Some(p) = c.players.first() {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                p.loc,
                format!(
                    "`{name}` is a {what} {}, so it takes no player counts",
                    kind.dealt
                ),
            )
            .label(format!("not used for {what}s"))
            .help(format!(
                "remove `players`: each {what} is one card, {}",
                kind.one
            )),
        );
    }
    if let Some(at) = c.cost.loc {
        report.push(
            Diagnostic::new(
                Code::BadValue,
                at,
                format!("`{name}` is a {what}: it is never built, so it has no cost"),
            )
            .label("never paid")
            .help(format!("remove `cost`: {}", kind.owner)),
        );
    }
}

/// Whether `c` is a decree of the senate in play: a card of no Age of its
/// decrees' colour. Such a card is one copy, dealt onto a chamber, so it
/// has no `players` and no cost (E0006), and what it does when its
/// chamber's control passes must last while held (E0306): a coin gained
/// once would check clean and never be given.
pub(super) fn decree_card(game: &Game, c: &Card, report: &mut Report) -> bool {
    let v = &game.vocab;
    let colour = (v.senate.as_ref().and_then(|s| s.decrees)).or(v.lent_decrees);
    if c.age.value != 0 || colour.is_none() || c.colour != colour {
        return false;
    }
    let name = c.name.value.trim();
    never_built(
        c,
        Kind {
            what: "decree",
            dealt: "laid on a chamber",
            one: "drawn at random",
            owner: "a decree belongs to whoever controls its chamber",
        },
        report,
    );
    for e in c.effects.list() {
        let once = matches!(e.trigger, Trigger::Default | Trigger::WhenBuilt) && !lasts(&e.action);
        if once {
            report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    e.loc,
                    format!(
                        "`{name}` is a decree: it gives what lasts while its chamber is controlled, and this effect would happen once, never when control passes"
                    ),
                )
                .label("a one-time effect on a decree")
                .help("give the decree a lasting effect (production, a discount, shields, a symbol) or one under a trigger (`when you build a blue card: gain 1 coin`)"),
            );
        }
    }
    true
}

/// A senate with decrees has one for each chamber (E0204).
pub(super) fn decrees(game: &Game, report: &mut Report) {
    let v = &game.vocab;
    let Some(s) = &v.senate else { return };
    let (Some(colour), Some(at)) = (s.decrees, s.decrees_at) else {
        return;
    };
    let have = super::decks::of_no_age(game, colour);
    if have < s.chambers.len() {
        let name = &v.colours[usize::from(colour)];
        report.push(
            Diagnostic::new(
                Code::DeckSize,
                at,
                format!(
                    "the senate lays one {name} card on each of its {} chambers, but `{}` has {have} {name} card(s) of no Age",
                    s.chambers.len(),
                    v.game
                ),
            )
            .label("too few decrees")
            .help(format!("add {name} cards to a file of `age: 0`, or name another colour")),
        );
    }
}
