//! The codes of the mistakes `sevenw` reports in the documents designers
//! write for it (city sheets, scenarios, replay logs), explained for
//! `sevenc explain` as the card files' codes are.
//!
//! The runtime gives these codes (`sevenw_runtime::doc::code`); the
//! compiler does not depend on the runtime, so they are named here again,
//! and a test of the command line checks that the two lists agree. `E0001`
//! (YAML that cannot be read) and `E0002` (a safety limit) are shared with
//! card files and explained as [`Code`](super::Code)s.

use super::{Explained, explanation};

/// A code of a mistake in a document `sevenw` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DocCode {
    Shape,
    Name,
    Rules,
    Document,
    Log,
}

impl DocCode {
    pub const ALL: &'static [DocCode] = &[
        DocCode::Shape,
        DocCode::Name,
        DocCode::Rules,
        DocCode::Document,
        DocCode::Log,
    ];

    pub fn as_str(self) -> &'static str {
        self.info().code
    }

    /// A code from its name, without regard to case (`s0003`).
    pub fn parse(s: &str) -> Option<DocCode> {
        DocCode::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// The long explanation printed by `sevenc explain`: what the code
    /// means, then an example, wrong and then right.
    pub fn explanation(self) -> String {
        explanation(&self.info())
    }

    /// Its example as the designer writes it, wrong and then right: the
    /// document alone, without the remark that leads it in.
    pub fn example(self) -> (String, String) {
        let e = self.info();
        (super::example_text(e.wrong), super::example_text(e.right))
    }

    fn info(self) -> Explained {
        let (code, text, wrong, right) = match self {
            DocCode::Shape => (
                "S0001",
                "A document's shape is wrong: a field unknown, missing or given twice, or\na value of the wrong kind (a list where a number belongs, say).\n\nThe documents `sevenw` reads — city sheets (`sevenw score`, `sevenw\nprice`) and scenarios (`sevenw test`) — are checked field by field, as\ncard files are: an unknown field is never ignored (a misspelt `coisn:`\nwould otherwise leave a player with no coins), and the message lists the\nfields of that place with the nearest one. The fields of each game's\nsheets and scenarios are in dsl/SCENARIOS.md and runtime/FORMATS.md; `sevenw\nschema` prints their JSON Schemas, which editors complete with.",
                " (a field misspelt in a city sheet):\n\n  game: duel\n  players:\n    - name: Ana\n      coisn: 7\n    - name: Ben",
                ":\n\n  game: duel\n  players:\n    - name: Ana\n      coins: 7\n    - name: Ben",
            ),
            DocCode::Name => (
                "S0002",
                "A document names something the game does not know: a card, wonder,\nside, progress token, leader, project or player.\n\nNames match without regard to case, and a card's or wonder's aliases count\n(`Botica` for Apothecary). The message suggests the nearest name of that\nkind in the game, or lists them when there are few (a wonder's sides). A\nplayer is named as the document's `players:` call them. Every such mistake\nof a document is reported at once, each at its line and column.",
                " (a Duel city sheet; the card is Clay Pool):\n\n  game: duel\n  players:\n    - name: Ana\n      cards: [Lumber Yard, Clay Pol]\n    - name: Ben",
                ":\n\n  game: duel\n  players:\n    - name: Ana\n      cards: [Lumber Yard, Clay Pool]\n    - name: Ben",
            ),
            DocCode::Rules => (
                "S0003",
                "A document gives a value the rules refuse: a number out of its range, a\ncard a city holds twice, a card or wonder that is already someone's, a\nstage built before the stages below it, more copies than the game has, a\nposition the game cannot reach.\n\nThe message gives the range or says what the rules allow; a card listed\ntwice names where it is already. Each document describes a position the\nreal game could reach: a base city has one copy of a card, a Duel card\nexists once in the game, the cat of Architects is one figure.",
                " (Duel has one copy of each card, and Ana has built Clay Pool):\n\n  game: duel\n  players:\n    - name: Ana\n      cards: [Clay Pool]\n    - name: Ben\n      cards: [Clay Pool]",
                ":\n\n  game: duel\n  players:\n    - name: Ana\n      cards: [Clay Pool]\n    - name: Ben\n      cards: [Glassworks]",
            ),
            DocCode::Document => (
                "S0004",
                "The document as a whole is wrong: it is empty, it is of another game than\nthe rules reading it (its `game:`), or it is a scenario that checks\nnothing.\n\nA sheet says which game it describes, and is read by that game's rules; a\nscenario with no `steps:` (moves to play, `expect:` to check) would pass\nwhatever the rules do, so it is refused. A city sheet is scored with\n`sevenw score`, not tested.",
                " (a scenario without steps, which would pass whatever the rules do):\n\n  game: duel\n  players:\n    - name: Ana\n      coins: 7\n    - name: Ben",
                ":\n\n  game: duel\n  players:\n    - name: Ana\n      coins: 7\n    - name: Ben\n  steps:\n    - expect:\n        Ana: {coins: 7}",
            ),
            DocCode::Log => (
                "S0005",
                "A line of a replay log is not what the game does at that point: a set-up\nline the game refuses (a seat count, a wonder, an option), a move the\nrules do not offer there, a move described otherwise than the game\ndescribes it, or an ending that differs from the one replayed.\n\n`sevenw replay` plays a log's moves again through the rules and checks\nevery line as it goes, so a log recorded by other rules (or edited by\nhand) stops at its first line that differs. Record the game again with\nthe rules you play, or correct the line shown.",
                " (the game's move 3 of seat 0 is to build Lumber Yard, not to discard it):\n\n  sevenw replay 2\n  game base\n  players 3\n  seed 42\n  move 0 3 discard Lumber Yard\n  …",
                ":\n\n  sevenw replay 2\n  game base\n  players 3\n  seed 42\n  move 0 3 build Lumber Yard\n  …",
            ),
        };
        Explained {
            code,
            text,
            wrong,
            right,
        }
    }
}

impl std::fmt::Display for DocCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for c in DocCode::ALL {
            assert!(seen.insert(c.as_str()), "duplicate {c}");
            assert!(c.as_str().starts_with('S'), "{c}");
            assert_eq!(DocCode::parse(&c.as_str().to_lowercase()), Some(*c));
            assert_eq!(super::super::Code::parse(c.as_str()), None);
            let text = c.explanation();
            assert!(
                text.contains("\n\nFor example, this is wrong"),
                "{c}: {text}"
            );
            assert!(text.contains("\nand this is right"), "{c}: {text}");
        }
        assert_eq!(DocCode::parse("S9999"), None);
    }
}
