//! Editions of an expansion (`edition: 2` in an expansion's game.yaml):
//! which editions of the game each card set plays with ([`Editions`]),
//! which card sets can be in play together ([`together`]), and the checks
//! on the editions of one expansion (E0304, E0307).
//!
//! Edition N of an expansion plays with edition N of the game it extends;
//! an expansion without `edition:` plays with every edition. The editions
//! of one expansion share its name and are never in play together, so a
//! name need be unique only among card sets that can be: they take the
//! same places in the family's lists (a name both declare is one place).
//! A card set played with an expansion (`with:`) follows the edition of
//! it in play: it plays with the editions of the game that one of its
//! editions plays with.

use super::*;
use crate::load::ExpansionSrc;

/// The most editions a game or an expansion may number (`edition: 99`).
pub const MAX_EDITION: u8 = 99;

/// The editions of a game a card set plays with: some of 1 to
/// [`MAX_EDITION`], or every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Editions(u128);

impl Editions {
    /// Every edition of the game: an expansion without `edition:`, a game.
    pub const EVERY: Editions = Editions(u128::MAX);
    /// None.
    pub const NONE: Editions = Editions(0);

    /// Edition `n` alone.
    pub fn only(n: u8) -> Editions {
        Editions(1u128 << n.min(127))
    }
    pub fn contains(self, n: u8) -> bool {
        n < 128 && self.0 & (1u128 << n) != 0
    }
    /// The editions in both.
    pub fn meet(self, other: Editions) -> Editions {
        Editions(self.0 & other.0)
    }
    /// The editions in either.
    pub fn join(self, other: Editions) -> Editions {
        Editions(self.0 | other.0)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn is_every(self) -> bool {
        self == Editions::EVERY
    }
    /// The editions as numbers; empty for every edition.
    pub fn numbers(self) -> Vec<u8> {
        if self.is_every() {
            return Vec::new();
        }
        (1..=MAX_EDITION).filter(|&n| self.contains(n)).collect()
    }
    /// As a designer reads it: `every edition`, `edition 1`, `editions 1
    /// and 2`.
    pub fn shown(self) -> String {
        let n: Vec<String> = self.numbers().iter().map(u8::to_string).collect();
        match n.as_slice() {
            _ if self.is_every() => "every edition".into(),
            [] => "no edition".into(),
            [one] => format!("edition {one}"),
            [rest @ .., last] => format!("editions {} and {last}", rest.join(", ")),
        }
    }
}

/// Whether the card sets `a` and `b` (vocabularies of the same family)
/// can be in play together: a game's edition with an expansion that plays
/// with it; two expansions of other names that play with a same edition.
/// Two editions of one expansion never are.
pub fn together(a: &Vocab, b: &Vocab) -> bool {
    match (a.extends.is_some(), b.extends.is_some()) {
        (false, false) => a.game == b.game && a.edition == b.edition,
        (true, false) => a.plays_at.contains(b.edition),
        (false, true) => b.plays_at.contains(a.edition),
        (true, true) => a.game != b.game && !a.plays_at.meet(b.plays_at).is_empty(),
    }
}

/// The editions of the game an expansion written as `src` says it plays
/// with: edition N alone for `edition: N`, else every one.
pub(super) fn declared(src: &ExpansionSrc) -> Editions {
    match &src.edition {
        Some(e) if (1..=i64::from(MAX_EDITION)).contains(&e.value) => Editions::only(e.value as u8),
        Some(_) => Editions::NONE,
        None => Editions::EVERY,
    }
}

/// Checks the editions of each expansion among `games` (indices `exps`):
/// a number within range, one folder per edition (E0304), and, when an
/// expansion has several, `edition:` in each of them, so that no two play
/// with one edition of the game (E0307).
/// Returns the expansions to leave out.
pub(super) fn check(
    games: &[crate::parse::GameAst],
    exps: &[usize],
    report: &mut Report,
) -> Vec<usize> {
    let src = |i: usize| games[i].expansion.as_ref().expect("an expansion");
    let mut out = Vec::new();
    for &i in exps {
        let s = src(i);
        if let Some(e) = &s.edition
            && declared(s).is_empty()
        {
            small(report, e, 1, i64::from(MAX_EDITION), "the edition");
            out.push(i);
            continue;
        }
        let name = lower(&s.game);
        let siblings: Vec<usize> = exps
            .iter()
            .copied()
            .filter(|&j| lower(&src(j).game) == name)
            .collect();
        if siblings.len() < 2 {
            continue;
        }
        let number = |j: usize| src(j).edition.as_ref().map(|e| e.value);
        // Reported at the later of two folders (in the order checked).
        let first = siblings
            .iter()
            .copied()
            .find(|&j| j != i && number(j) == number(i));
        if let Some(j) = first.filter(|&j| j < i) {
            let other = src(j);
            let shown = number(i).map_or("an edition".into(), |n| format!("edition {n}"));
            report.push(
                Diagnostic::new(
                    Code::DefinedInBoth,
                    s.game.loc,
                    format!("two folders define {shown} of the expansion `{name}`"),
                )
                .label("defined again here")
                .note(other.game.loc, "first defined here")
                .help(format!(
                    "give each edition its number (`edition: 2`, its folder named after the number: `{name}2`)"
                )),
            );
            out.push(i);
            continue;
        }
        if s.edition.is_none() {
            let numbers: Vec<String> = siblings
                .iter()
                .filter_map(|&j| number(j))
                .map(|n| n.to_string())
                .collect();
            report.push(
                Diagnostic::new(
                    Code::EditionUnplayable,
                    s.game.loc,
                    format!(
                        "the expansion `{name}` has editions {} too, and this one says no `edition:`",
                        numbers.join(", ")
                    ),
                )
                .label("which edition is this?")
                .help(format!(
                    "without `edition:` an expansion plays with every edition of its game, and so with the same editions as its other editions, which are never in play together: write `edition: 1` (it then plays with edition 1 of `{}`)",
                    lower(&s.extends)
                )),
            );
            out.push(i);
            continue;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Editions;
    use crate::testkit::Scratch;
    use crate::{Code, Compiled};
    use std::path::Path;

    #[test]
    fn editions_meet_join_and_read() {
        let (one, two) = (Editions::only(1), Editions::only(2));
        assert!(one.meet(two).is_empty());
        assert_eq!(one.join(two).numbers(), vec![1, 2]);
        assert_eq!(Editions::EVERY.meet(two), two);
        assert!(Editions::EVERY.numbers().is_empty());
        assert_eq!(one.join(two).shown(), "editions 1 and 2");
        assert_eq!(two.shown(), "edition 2");
        assert_eq!(Editions::EVERY.shown(), "every edition");
    }

    /// The fixture `ok-editions-of-an-expansion` in a scratch folder,
    /// `game.yaml` texts (folder, text) added or replacing its own (an
    /// empty text removes the folder), and `cards` (folder, age1.yaml
    /// text) likewise; checked whole.
    fn check(name: &str, games: &[(&str, &str)], cards: &[(&str, &str)]) -> Compiled {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/diag/ok-editions-of-an-expansion");
        let scratch = Scratch::new(name);
        for set in ["base", "base2", "harbours", "harbours2", "harbour-guilds"] {
            let to = scratch.0.join(set);
            std::fs::create_dir_all(&to).unwrap();
            for f in std::fs::read_dir(from.join(set)).unwrap() {
                let f = f.unwrap().path();
                std::fs::copy(&f, to.join(f.file_name().unwrap())).unwrap();
            }
        }
        for (file, list) in [("game.yaml", games), ("age1.yaml", cards)] {
            for (set, text) in list {
                if text.is_empty() {
                    std::fs::remove_dir_all(scratch.0.join(set)).unwrap();
                    continue;
                }
                std::fs::create_dir_all(scratch.0.join(set)).unwrap();
                std::fs::write(scratch.0.join(set).join(file), text).unwrap();
            }
        }
        crate::check(std::slice::from_ref(&scratch.0))
    }

    fn codes(c: &Compiled) -> Vec<Code> {
        c.report.diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn the_editions_of_an_expansion_share_its_places() {
        let c = check("share", &[], &[]);
        assert!(codes(&c).is_empty(), "{:?}", c.report.diagnostics);
        let lib = c.library.expect("no error");
        let game = |n: &str, e: u8| {
            (lib.games.iter())
                .find(|g| g.name == n && g.edition == e && g.extends.is_some())
                .unwrap_or_else(|| panic!("{n} {e}"))
        };
        let (first, second) = (game("harbours", 1), game("harbours", 2));
        // `teal` is one place; `amber`, the second's own, takes the next.
        assert_eq!(first.colours[7..], ["teal"]);
        assert_eq!(second.colours[7..], ["teal", "amber"]);
        assert_eq!(first.own, second.own);
        assert_eq!(
            (first.editions.clone(), second.editions.clone()),
            (vec![1], vec![2])
        );
        // A set played with Harbours plays with both editions, after both.
        let guilds = game("harbour-guilds", 1);
        assert_eq!(guilds.editions, vec![1, 2]);
        assert_eq!(guilds.colours[7..], ["teal", "amber"]);
        assert_eq!(guilds.own.1, 9);
    }

    #[test]
    fn a_name_of_sets_in_play_together_still_clashes() {
        // Harbour guilds plays with both editions: a Dock of its own is
        // each edition's Dock too.
        let dock = "age: 1\ncards:\n  - name: Dock\n    colour: teal\n    players: [3]\n    effect: gain 1 vp\n";
        let c = check("clash", &[], &[("harbour-guilds", dock)]);
        assert_eq!(
            codes(&c),
            vec![Code::DefinedInBoth; 2],
            "{:?}",
            c.report.diagnostics
        );
        for d in &c.report.diagnostics {
            assert!(d.message.contains("`harbour-guilds` too"), "{}", d.message);
        }
        // With edition 1 only, it clashes with the first edition's alone.
        let first = "game: harbour-guilds\nedition: 1\ntitle: Guilds\nextends: harbours\n";
        let c = check(
            "clash1",
            &[("harbour-guilds", first)],
            &[("harbour-guilds", dock)],
        );
        assert_eq!(
            codes(&c),
            vec![Code::DefinedInBoth],
            "{:?}",
            c.report.diagnostics
        );
        let file = c.report.diagnostics[0].loc.expect("a place").file;
        assert!(c.sources.get(file).path.ends_with("harbours/age1.yaml"));
    }

    #[test]
    fn a_name_of_one_edition_alone_is_not_the_other_s() {
        // `amber` is the second edition's alone: not the first's, nor a
        // set's played with both.
        let amber = |name: &str| {
            format!(
                "age: 1\ncards:\n  - name: {name}\n    colour: amber\n    players: [3]\n    effect: gain 1 vp\n"
            )
        };
        let c = check(
            "amber",
            &[],
            &[
                ("harbours", &amber("Dock")),
                ("harbour-guilds", &amber("Quay")),
            ],
        );
        assert_eq!(
            codes(&c),
            vec![Code::UnknownName; 2],
            "{:?}",
            c.report.diagnostics
        );
        let helps: Vec<&str> = (c.report.diagnostics.iter())
            .filter_map(|d| d.help.as_deref())
            .collect();
        assert!(
            helps
                .iter()
                .any(|h| h.contains("declared by another edition of `harbours`")),
            "{helps:?}"
        );
        assert!(
            helps
                .iter()
                .any(|h| h.contains("not declared by every edition of `harbours`")),
            "{helps:?}"
        );
        // Played with the second edition only, the guilds may use it.
        let second = "game: harbour-guilds\nedition: 2\ntitle: Guilds\nextends: harbours\n";
        let c = check(
            "amber2",
            &[("harbour-guilds", ""), ("harbour-guilds2", second)],
            &[("harbour-guilds2", &amber("Quay"))],
        );
        assert!(codes(&c).is_empty(), "{:?}", c.report.diagnostics);
    }

    #[test]
    fn editions_that_cannot_be_told_apart_or_played_are_refused() {
        let game = |edition: &str, extends: &str| {
            format!("game: harbours\n{edition}title: Harbours\nextends: {extends}\n")
        };
        // Edition 3 of the base game is not checked.
        let third = game("edition: 3\n", "base");
        let c = check("third", &[("harbours3", &third)], &[]);
        assert!(
            codes(&c).contains(&Code::EditionUnplayable),
            "{:?}",
            c.report.diagnostics
        );
        assert!(
            (c.report.diagnostics.iter()).any(|d| d
                .message
                .contains("plays with edition 3 of `base`, which is not checked here")),
            "{:?}",
            c.report.diagnostics
        );
        // Two folders of edition 2.
        let again = game("edition: 2\n", "base");
        let c = check("again", &[("harbours2b", &again)], &[]);
        assert!(
            codes(&c).contains(&Code::DefinedInBoth),
            "{:?}",
            c.report.diagnostics
        );
        // An edition numbered out of range.
        let zero = game("edition: 0\n", "base");
        let c = check("zero", &[("harbours0", &zero)], &[]);
        assert_eq!(
            codes(&c),
            vec![Code::BadValue],
            "{:?}",
            c.report.diagnostics
        );
    }
}
