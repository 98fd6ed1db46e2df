//! Scenarios: the shipped ones (`cards/<game>/tests/`) pass; malformed ones
//! are reported at their place with a suggestion, never a panic; failing
//! ones say where and why. The reports of the fixtures are pinned.

use std::path::{Path, PathBuf};

use sevenw_runtime::games;
use sevenw_runtime::scenario::{Run, report_lines};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

fn run(path: &Path) -> Run {
    let text = std::fs::read_to_string(path).unwrap();
    games::test(&games::Library::shipped(sevenw_cards::GAMES), &text)
}

/// The report of a fixture, with its path relative to the fixtures.
fn report(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    report_lines(&name, &run(path)).join("\n")
}

#[test]
fn the_shipped_scenarios_pass() {
    let mut ran = 0;
    let mut failures = Vec::new();
    for game in std::fs::read_dir(root().join("cards")).unwrap() {
        let tests = game.unwrap().path().join("tests");
        if !tests.is_dir() {
            continue;
        }
        for f in yaml_files(&tests) {
            ran += 1;
            let r = run(&f);
            failures.extend(report_lines(&f.display().to_string(), &r));
            assert!(r.steps + r.checks > 0, "{}: checks nothing", f.display());
        }
    }
    assert!(ran >= 2, "{ran} scenarios");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn malformed_scenarios_are_errors_with_a_place() {
    let dir = root().join("runtime/tests/fixtures/scenarios/malformed");
    let files = yaml_files(&dir);
    assert!(files.len() >= 10);
    for f in files {
        let r = run(&f);
        let e = r
            .error
            .as_ref()
            .unwrap_or_else(|| panic!("{}: not an error", f.display()));
        assert!(e.line > 0, "{}: no place: {e}", f.display());
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("malformed-{stem}"), report(&f));
    }
}

#[test]
fn failing_scenarios_say_where_and_why() {
    let dir = root().join("runtime/tests/fixtures/scenarios/failing");
    for f in yaml_files(&dir) {
        let r = run(&f);
        assert!(r.error.is_none(), "{}: {:?}", f.display(), r.error);
        assert!(!r.failures.is_empty(), "{}: passed", f.display());
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("failing-{stem}"), report(&f));
    }
}

#[test]
fn no_input_panics_the_runner() {
    // Every prefix of a real scenario, and some garbage: errors, not panics.
    for file in [
        "cards/base/tests/halicarnassus.yaml",
        "cards/architects/tests/halicarnassus.yaml",
        "cards/architects/tests/battle.yaml",
    ] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for end in (0..text.len()).step_by(7) {
            if text.is_char_boundary(end) {
                let _ = games::test(&games::Library::shipped(sevenw_cards::GAMES), &text[..end]);
            }
        }
    }
    for garbage in [
        "",
        "---",
        "[]",
        "game: 3",
        "game: base\nplayers: 7",
        "game: architects\nplayers: [{name: A, wonder: Giza, deck_size: -1}, {name: B}]",
        "game: architects\nplayers: [{name: A}, {name: B}]\ncentral_size: 99\nwar: 9",
        "\u{0}\u{1b}",
    ] {
        assert!(!games::test(&games::Library::shipped(sevenw_cards::GAMES), garbage).passed());
    }
}

/// Every mistake of a scenario that cannot be read, as (line, code,
/// message).
fn mistakes(text: &str) -> Vec<(u64, &'static str, String)> {
    let r = games::test(&games::Library::shipped(sevenw_cards::GAMES), text);
    let e = r.error.unwrap_or_else(|| panic!("read: {text}"));
    e.all()
        .map(|m| (m.line, m.code, m.message.clone()))
        .collect()
}

/// `got` holds `want`'s mistakes, in order, each at its line with its code.
fn assert_mistakes(got: &[(u64, &'static str, String)], want: &[(u64, &str, &str)]) {
    assert_eq!(got.len(), want.len(), "{got:#?}");
    for ((line, code, message), &(l, c, m)) in got.iter().zip(want) {
        assert_eq!((*line, *code), (l, c), "{message}");
        assert!(message.contains(m), "`{message}` does not say `{m}`");
    }
}

#[test]
fn a_duel_set_up_reports_every_mistake_at_its_line() {
    let text = "game: duel
seed: lots
layout: [Baths, Altr]
board: [Law, Lawe]
players:
  - {name: Ana, coins: 3, cards: [Lumber Yrd]}
  - {name: Ben, coins: many, to_build: [The Sphynx]}
conflict: 12
to_move: Cy
steps:
  - Ana builds Baths
";
    assert_mistakes(
        &mistakes(text),
        &[
            (2, "S0003", "`seed` must be a whole number"),
            (3, "S0002", "unknown card `Altr`"),
            (4, "S0002", "unknown progress token `Lawe`"),
            (6, "S0002", "unknown card `Lumber Yrd`"),
            (7, "S0003", "`coins` must be a whole number"),
            (7, "S0002", "unknown wonder `The Sphynx`"),
            (8, "S0003", "`conflict` must be a whole number from -9 to 9"),
            (9, "S0003", "no player `Cy` (players: Ana, Ben)"),
        ],
    );
    // A card in two places is said where it is listed a second time.
    let text = "game: duel
discard: [Baths]
players:
  - {name: Ana, cards: [Baths, Altar]}
  - {name: Ben, cards: [Altar]}
steps:
  - Ana discards Baths
";
    assert_mistakes(
        &mistakes(text),
        &[
            (2, "S0003", "Baths is already built"),
            (5, "S0003", "Altar is already Ana's: the game has one copy"),
        ],
    );
}

#[test]
fn an_architects_set_up_reports_every_mistake_at_its_line() {
    let text = "game: architects
players:
  - {name: Ana, wonder: Babylon, pieces: [2 different], cards: [Clai], deck: [Clay, Stne]}
  - {name: Ben, wonder: Giza, deck_size: lots, military: -1}
tokens: [Tactics, Decr, Science]
pile: [Culture]
war: 99
to_move: Cy
discard: [Wood, Wodo]
steps:
  - Ana takes the left card
";
    assert_mistakes(
        &mistakes(text),
        &[
            (3, "S0002", "unknown card `Clai`"),
            (3, "S0002", "unknown card `Stne`"),
            (4, "S0003", "`deck_size` must be a whole number"),
            (4, "S0003", "`military` must be a whole number"),
            (5, "S0002", "unknown progress token `Decr`"),
            (7, "S0003", "`war` must be a whole number"),
            (8, "S0003", "no player `Cy`"),
            (9, "S0002", "unknown card `Wodo`"),
        ],
    );
    // A wonder missing or unknown: the other players are still read, and
    // the stages of the player whose wonder is unknown are not.
    let text = "game: architects
players:
  - {name: Ana, wonder: Babylon, pieces: [9 different]}
  - {name: Ben, cards: [Clai]}
  - {name: Cy, wonder: Gizah, pieces: [2 different]}
steps:
  - Ana takes the left card
";
    assert_mistakes(
        &mistakes(text),
        &[
            (3, "S0003", "Babylon has no stage `9 different`"),
            (4, "S0003", "give a `wonder` to every player or to none"),
            (4, "S0002", "unknown card `Clai`"),
            (5, "S0002", "unknown wonder `Gizah`"),
        ],
    );
}

#[test]
fn a_base_set_up_reports_the_mistakes_of_its_cities_hands_and_discard() {
    let text = "game: base
players:
  - {name: Ana, wonder: Babylon, cards: [Lumbr Yard], hand: [Baths, Altr]}
  - {name: Ben, wonder: Giza, hand: [Tavern, Theatre]}
  - {name: Cy, wonder: Rhodes, coins: lots, hand: [Press, Loom]}
discard: [Stockade, Stokade]
steps:
  - Ana builds Baths
";
    assert_mistakes(
        &mistakes(text),
        &[
            (3, "S0002", "unknown card `Lumbr Yard`"),
            (3, "S0002", "unknown card `Altr`"),
            (4, "S0002", "unknown card `Theatre`"),
            (5, "S0003", "`coins` must be a whole number"),
            (6, "S0002", "unknown card `Stokade`"),
        ],
    );
    let text = "game: base
players:
  - {name: Ana, wonder: Babylon, hand: [Baths, Altar]}
  - {name: Ben, wonder: Giza, hand: [Tavern]}
  - {name: Cy, wonder: Rhodes}
steps:
  - Ana builds Baths
";
    assert_mistakes(
        &mistakes(text),
        &[
            (4, "S0003", "every hand holds the same number of cards"),
            (5, "S0003", "no `hand`: give every player's hand, or none"),
        ],
    );
}

#[test]
fn mistakes_in_checks_are_kept_and_the_steps_go_on() {
    let lib = games::Library::shipped(sevenw_cards::GAMES);
    let text = "game: duel
layout: [Baths, Altar, Theater]
players:
  - {name: Ana, coins: 30, to_build: [The Appian Way, The Pyramids]}
  - {name: Ben, coins: 2}
steps:
  - expect:
      Ana: {coinz: 30, coins: 30}
      to_mvoe: Ana
  - expct:
      Ana: {coins: 30}
  - Ana builds The Appian Way with Baths
  - illegal: {move: Ben builds Altar, becuase: it is not his turn}
  - expect:
      to move: Ana
      Ana: {coins: 22}
      Ben: {coins: 0}
  - Ana builds The Pyramids with Altar
  - expect:
      Ben: {coins: zero}
";
    let r = games::test(&lib, text);
    let e = r.error.as_ref().expect("mistakes");
    let all: Vec<(u64, &str)> = e.all().map(|m| (m.line, m.message.as_str())).collect();
    assert_eq!(all.len(), 5, "{all:#?}");
    assert_eq!(all[0].0, 8);
    assert!(all[0].1.contains("unknown check `coinz`"), "{all:#?}");
    assert_eq!(all[1].0, 9);
    assert!(all[1].1.contains("did you mean `to_move`?"), "{all:#?}");
    assert_eq!(all[2].0, 10);
    assert!(all[2].1.contains("unknown step `expct`"), "{all:#?}");
    assert_eq!(all[3].0, 13);
    assert!(all[3].1.contains("unknown field `becuase`"), "{all:#?}");
    assert_eq!(all[4].0, 20);
    assert!(all[4].1.contains("zero"), "{all:#?}");
    // The moves were played after the mistakes, and the checks between
    // them made: Ana paid 7 coins, not 8.
    assert_eq!(r.failures.len(), 1, "{:?}", r.failures);
    assert_eq!(r.failures[0].line, 16);
    assert!(
        r.failures[0].message.contains("expected 22, found 23"),
        "{:?}",
        r.failures
    );
    assert_eq!(r.steps, 3);
    // A move that cannot be read ends the run: the steps after it would
    // play from another position.
    let text = "game: duel
layout: [Baths, Altar, Theater]
players:
  - {name: Ana, coins: 30}
  - {name: Ben, coins: 2}
steps:
  - expect: {Ana: {coinz: 30}}
  - Anna builds Baths
  - expect: {Ana: {coinz: 30}}
";
    let r = games::test(&lib, text);
    let e = r.error.as_ref().expect("mistakes");
    let lines: Vec<u64> = e.all().map(|m| m.line).collect();
    assert_eq!(lines, [7, 8], "{e:?}");
    assert!(e.more[0].message.contains("did you mean `Ana`?"), "{e:?}");
}
