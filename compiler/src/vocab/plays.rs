//! What the family of a game plays (`sevenw_dsl::families`): a word,
//! trigger or counter a game.yaml declares that its family's rules would
//! ignore is refused where it is declared (E0306), with what the family
//! plays. A family of a designer's own crate states nothing and is not
//! checked.

use crate::diag::{Code, Diagnostic, Report};
use crate::load::Text;
use sevenw_dsl::FamilyDef;

/// Checks the `words:`, `triggers:` and `counters:` a game.yaml (of a game
/// of the family `family`, or of an expansion of one) declares.
pub(super) fn check(
    family: &str,
    game: &str,
    words: &[Text],
    triggers: &[Text],
    counters: &[Text],
    report: &mut Report,
) {
    let Some(f) = FamilyDef::of(family) else {
        return;
    };
    let name = |t: &Text| {
        t.value
            .trim()
            .to_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    for t in words {
        let n = name(t);
        if sevenw_dsl::WordDef::of(&n).is_some() && !f.plays_word(&n) {
            refuse(report, t, "the word", &n, f, game, &f.words());
        }
    }
    for t in triggers {
        let n = name(t);
        if sevenw_dsl::TriggerDef::of(&n).is_some() && !f.plays_trigger(&n) {
            refuse(report, t, "the trigger", &n, f, game, &f.triggers());
        }
    }
    for t in counters {
        let n = name(t);
        if crate::vocab::CounterKind::NOUNS.contains(&n.as_str()) && !f.plays_counter(&n) {
            refuse(report, t, "the counter", &n, f, game, f.counters);
        }
    }
}

fn refuse(
    report: &mut Report,
    t: &Text,
    what: &str,
    name: &str,
    f: &FamilyDef,
    game: &str,
    plays: &[&str],
) {
    let family = f.name;
    report.push(
        Diagnostic::new(
            Code::NotPlayed,
            t.loc,
            format!("`{game}` is played by the `{family}` family, whose rules do not play {what} `{name}`"),
        )
        .label(format!("the `{family}` rules would ignore it"))
        .help(format!(
            "the `{family}` family plays: {}",
            plays.join(", ")
        )),
    );
}

/// A field of game.yaml (`field`, written at `at`) that the family of
/// `game` does not read: refused (E0306), saying what its rules do
/// instead (`instead`).
pub(super) fn field(
    family: &str,
    game: &str,
    field: &str,
    at: Option<crate::source::Loc>,
    instead: &str,
    report: &mut Report,
) {
    let (Some(f), Some(at)) = (FamilyDef::of(family), at) else {
        return;
    };
    if f.reads_field(field) {
        return;
    }
    report.push(
        Diagnostic::new(
            Code::NotPlayed,
            at,
            format!(
                "`{game}` is played by the `{}` family, whose rules do not read `{field}`",
                f.name
            ),
        )
        .label(format!("the `{}` rules would ignore it", f.name))
        .help(instead.to_string()),
    );
}
