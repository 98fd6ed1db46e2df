//! What a user reads when a document is wrong is bounded and complete: a
//! report of one mistake is at most 16 KiB whatever the input (a 2 MiB
//! name on a sheet, a scenario or a replay log is cut, its place given);
//! a sheet's or a scenario's unknown wonder does not hide the other
//! players' mistakes; the flags `--target` replaced say what replaced them.

mod common;

use common::{scratch, sevenw, text};

/// The most bytes of one mistake's report.
const MAX_REPORT: usize = 16 * 1024;

fn huge() -> String {
    "Q".repeat(2 * 1024 * 1024)
}

/// Each case's standard error is short, names the place and never echoes
/// the huge word (before: 8.4 MB for a Duel sheet and for a replay log).
#[test]
fn a_huge_word_gives_a_short_report() {
    let word = huge();
    let base = format!(
        "game: base\nplayers:\n  - {{name: Ana, wonder: Giza, cards: [{word}]}}\n  - {{name: Ben, wonder: Rhodes}}\n  - {{name: Cid, wonder: Babylon}}\n"
    );
    let duel =
        format!("game: duel\nplayers:\n  - {{name: Ana, cards: [{word}]}}\n  - {{name: Ben}}\n");
    let scenario = format!(
        "game: base\nplayers:\n  - {{name: Ana, wonder: Giza, hand: [Altar, Baths]}}\n  - {{name: Ben, wonder: Rhodes, hand: [Altar, Baths]}}\n  - {{name: Cid, wonder: Babylon, hand: [Altar, Baths]}}\nsteps:\n  - Ana builds {word}\n"
    );
    let path = scratch("huge-source.log", "");
    let out = sevenw(&[
        "play",
        "--game",
        "base",
        "--players",
        "3",
        "--seed",
        "1",
        "--log",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = std::fs::read_to_string(&path).unwrap();
    let log = log.replacen("\nmove 0 ", &format!("\nmove 0 {word} "), 1);
    let cases = [
        (
            "score",
            scratch("huge-base.yaml", &base),
            "huge-base.yaml:3:",
        ),
        (
            "score",
            scratch("huge-duel.yaml", &duel),
            "huge-duel.yaml:3:",
        ),
        (
            "test",
            scratch("huge-scenario.yaml", &scenario),
            "huge-scenario.yaml:7:",
        ),
        ("replay", scratch("huge.log", &log), "huge.log:"),
    ];
    for (command, path, place) in cases {
        let out = sevenw(&[command, path.to_str().unwrap()]);
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert!(!out.status.success(), "{command}: {all}");
        assert!(all.len() < MAX_REPORT, "{command}: {} bytes", all.len());
        assert!(all.contains(place), "{command}: {all}");
        assert!(all.contains("QQQQ…"), "{command}: {all}");
    }
}

/// A base sheet whose first player names an unknown wonder reports the
/// others' mistakes too (before: the wonder alone), and says that player's
/// stages wait for it; so does a scenario.
#[test]
fn an_unknown_wonder_hides_no_other_mistake() {
    let players = "players:\n  - {name: Ana, wonder: Gizza, stages: 2, cards: [Altr]}\n  - {name: Ben, wonder: Rhodes, coins: -4HAND}\n  - {name: Cid, wonder: Babylon, cards: [Bathz]HAND}\n";
    let sheet = format!("game: base\n{}", players.replace("HAND", ""));
    let scenario = format!(
        "game: base\n{}steps:\n  - Ana builds Altar\n",
        players.replace("HAND", ", hand: [Altar, Baths]")
    );
    for (command, path) in [
        ("score", scratch("gizza-sheet.yaml", &sheet)),
        ("test", scratch("gizza-scenario.yaml", &scenario)),
    ] {
        let out = sevenw(&[command, path.to_str().unwrap()]);
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        for said in [
            "unknown wonder `Gizza`",
            "its stages are not checked until it is known",
            "unknown card `Altr`",
            "not -4",
            "unknown card `Bathz`",
        ] {
            assert!(all.contains(said), "{command}: no `{said}` in {all}");
        }
    }
}

/// `--leader` and `--wonder`, which `--target` replaced, get its words
/// (before: "a similar argument exists: '--player'").
#[test]
fn a_removed_flag_says_what_replaced_it() {
    let sheet = scratch("flags.yaml", common::SHEET);
    for (flag, name, words) in [
        ("--leader", "Pericles", "write `--target leader=Pericles`"),
        (
            "--wonder",
            "The Colossus",
            "write `--target 'wonder=The Colossus'`",
        ),
    ] {
        let out = sevenw(&[
            "price",
            sheet.to_str().unwrap(),
            "--player",
            "Ana",
            flag,
            name,
        ]);
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        assert!(err.contains(words), "{err}");
        assert!(!err.contains("--player'"), "{err}");
    }
    // Without anything to price, the usage says what is needed.
    let out = sevenw(&["price", sheet.to_str().unwrap(), "--player", "Ana"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`--card CARD`, `--stage` or `--target KIND[=NAME]`"));
}

/// A mistake inside an entry in braces (`{name: …, age: 1}`, `{name: …,
/// option: 2}`) is reported at the entry's line and column, with the
/// sheet's other mistakes (before: the entombed leader's without a place,
/// and a wrong Age stopped the reading).
#[test]
fn a_mistake_in_braces_has_a_place() {
    let sheet = "game: base\nexpansions: [leaders]\nplayers:\n  - {name: Ana, wonder: Giza, entombed: [{name: Pericls, age: 1}, {name: Caesar, age: 7}]}\n  - {name: Ben, wonder: Rhodes, cards: [{name: Altar, option: 2}]}\n  - {name: Cid, wonder: Babylon}\n";
    let path = scratch("braces.yaml", sheet);
    let out = sevenw(&["score", path.to_str().unwrap()]);
    let err = text(&out.stderr);
    for said in [
        "braces.yaml:4:42]",
        "unknown card `Pericls`",
        "braces.yaml:4:67]",
        "not 7",
        "braces.yaml:5:41]",
        "Altar offers no choice",
    ] {
        assert!(err.contains(said), "no `{said}` in {err}");
    }
}
