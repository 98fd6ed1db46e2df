//! What a new user meets first: names they mistype get a suggestion,
//! numbers read as people write them, defaults are shown, a designer's
//! binary tells its own name, and `test` never passes a run that checked
//! nothing.

mod common;

use common::{RUNTIME, scratch, sevenw, text};

#[test]
fn a_mistyped_game_gets_a_suggestion() {
    let out = sevenw(&["play", "--game", "bse", "--players", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("unknown game `bse`"), "{err}");
    assert!(err.contains("did you mean `base`?"), "{err}");
}

#[test]
fn a_search_bot_without_playouts_is_named_for_what_it_is() {
    let out = sevenw(&["sim", "--game", "duel", "--bots", "mcts:0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("mcts:N takes from 1 to 1,000,000 playouts"),
        "{err}"
    );
    assert!(!err.contains("unknown bot"), "{err}");
}

#[test]
fn the_sides_default_is_in_the_help() {
    let help = text(&sevenw(&["play", "--help"]).stdout);
    assert!(help.contains("[default: random]"), "{help}");
}

#[test]
fn a_combination_is_titled_once_per_game() {
    let out = sevenw(&[
        "play",
        "--game",
        "base",
        "--with",
        "edifice",
        "--players",
        "3",
        "--seed",
        "1",
        "--bots",
        "random",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let first = text(&out.stdout);
    let first = first.lines().next().unwrap_or_default();
    assert!(first.starts_with("7 Wonders with Edifice:"), "{first}");
}

#[test]
fn rates_read_as_numbers_people_write() {
    let out = sevenw(&[
        "sim", "--game", "duel", "--games", "200", "--bots", "random",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let s = text(&out.stdout);
    let line = s.lines().nth(1).unwrap_or_default();
    // "0.01 s, 25,547 games/s (1.1 µs per decision per thread)"
    assert!(line.contains(" games/s ("), "{line}");
    assert!(
        [" ns per", " µs per", " ms per", " s per"]
            .iter()
            .any(|u| line.contains(u)),
        "{line}"
    );
    let rate = line
        .split(", ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap_or_default();
    assert!(
        !rate.contains('.') || rate.len() <= 4,
        "a rate of 100 or more has no decimals: {line}"
    );
}

#[test]
fn a_designers_binary_gives_its_own_name_with_its_version() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenw-polish");
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join(format!("harbours{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_sevenw"), &copy).unwrap();
    // Another test thread that starts a process while the copy is still
    // open for writing makes its start fail as busy for a moment (Linux's
    // ETXTBSY): try again.
    let mut tries = 0;
    let out = loop {
        match std::process::Command::new(&copy).arg("--version").output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => break other.unwrap(),
        }
    };
    assert_eq!(out.status.code(), Some(0));
    let v = text(&out.stdout);
    assert!(v.starts_with("harbours (sevenw 0."), "{v}");
}

#[test]
fn a_test_run_that_checks_nothing_fails() {
    // A city sheet is no scenario.
    let sheet = format!("{RUNTIME}/sheets/example.yaml");
    let out = sevenw(&["test", &sheet]);
    assert_eq!(out.status.code(), Some(1));
    let s = text(&out.stdout);
    assert!(s.contains("checks nothing"), "{s}");
    assert!(s.contains("0 passed, 1 failed"), "{s}");
    // Players and nothing to play or check.
    let empty = scratch(
        "nothing.yaml",
        "game: base\nplayers:\n  - {name: Ana, wonder: Giza}\n  - {name: Ben, wonder: Rhodes}\n  - {name: Cy, wonder: Alexandria}\n",
    );
    let out = sevenw(&["test", &empty.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("checks nothing"));
    // A folder with no scenario in it.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-scenarios");
    std::fs::create_dir_all(&dir).unwrap();
    let out = sevenw(&["test", &dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no scenarios in"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_sheet_with_two_mistakes_reports_both_with_snippets() {
    let sheet = scratch(
        "two-mistakes.yaml",
        "game: base\nplayers:\n  - {name: Ana, wonder: Babylon, cards: [Lumbr Yard, Altar]}\n  - {name: Ben, wonder: Giza, cards: [Ore Vein, Glasworks]}\n  - {name: Cy, wonder: Alexandria, cards: [Press, Press]}\n",
    );
    let out = sevenw(&["score", &sheet.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    for (code, message, place, line) in [
        (
            "S0002",
            "unknown card `Lumbr Yard`; did you mean `Lumber Yard`?",
            "two-mistakes.yaml:3:42]",
            "3 │   - {name: Ana, wonder: Babylon, cards: [Lumbr Yard, Altar]}",
        ),
        (
            "S0002",
            "unknown card `Glasworks`; did you mean `Glassworks`?",
            "two-mistakes.yaml:4:49]",
            "4 │   - {name: Ben, wonder: Giza, cards: [Ore Vein, Glasworks]}",
        ),
        (
            "S0003",
            "Press is listed twice for Cy",
            "two-mistakes.yaml:5:51]",
            "5 │   - {name: Cy, wonder: Alexandria, cards: [Press, Press]}",
        ),
    ] {
        assert!(err.contains(code), "{code}: {err}");
        assert!(err.contains(message), "{message}: {err}");
        assert!(err.contains(place), "{place}: {err}");
        assert!(err.contains(line), "{line}: {err}");
    }
    // The same in a scenario that cannot be read.
    let out = sevenw(&["test", &sheet.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let s = text(&out.stdout);
    assert!(s.contains("unknown card `Glasworks`"), "{s}");
    assert!(s.contains("two-mistakes.yaml:4:49]"), "{s}");
}

#[test]
fn a_log_of_another_game_fails_at_its_game_line() {
    let log = scratch("duel.log", "");
    let out = sevenw(&[
        "play",
        "--game",
        "duel",
        "--seed",
        "3",
        "--log",
        &log.to_string_lossy(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&log).unwrap();
    let other = scratch(
        "duel-as-base.log",
        &written.replacen("game duel", "game base", 1),
    );
    let out = sevenw(&["replay", &other.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.starts_with("S0005"), "{err}");
    assert!(err.contains("duel-as-base.log:2:1]"), "{err}");
    assert!(err.contains("2 │ game base"), "{err}");
    assert!(err.contains("is it a log of"), "{err}");
}

#[test]
fn a_sheets_yaml_mistakes_read_as_a_card_files() {
    let tab = scratch(
        "tab.yaml",
        "game: base\nplayers:\n  - name: Ana\n\twonder: Giza\n",
    );
    let out = sevenw(&["score", &tab.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.starts_with("E0001"), "{err}");
    assert!(err.contains("a tab in the indentation"), "{err}");
    assert!(err.contains("tab.yaml:4:1]"), "{err}");
    assert!(err.contains("replace the tab with spaces"), "{err}");
    let indent = scratch(
        "indent.yaml",
        "game: base\nplayers:\n  - name: Ana\n    wonder: Giza\n  - name: Ben\n    wonder: Rhodes\n coins: 3\n",
    );
    let err = text(&sevenw(&["score", &indent.to_string_lossy()]).stderr);
    assert!(
        err.contains("`coins:` is indented less than `wonder:` above it"),
        "{err}"
    );
    assert!(err.contains("indent.yaml:7:2]"), "{err}");
}

#[test]
fn a_duel_sheet_with_two_mistakes_reports_both() {
    let example = std::fs::read_to_string(format!("{RUNTIME}/sheets/duel.yaml")).unwrap();
    let edited = example
        .replace(
            "cards: [Clay Pool, Glassworks",
            "cards: [Clay Pol, Glassworks",
        )
        .replace("    wonders: [The Colossus]", "    wonders: [The Colosus]");
    assert_ne!(edited, example);
    let sheet = scratch("duel-two-mistakes.yaml", &edited);
    let out = sevenw(&["score", &sheet.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown card `Clay Pol`; did you mean `Clay Pool`?"),
        "{err}"
    );
    assert!(err.contains("duel-two-mistakes.yaml:7:13]"), "{err}");
    assert!(err.contains("unknown wonder `The Colosus`"), "{err}");
    assert!(err.contains("duel-two-mistakes.yaml:13:15]"), "{err}");
}

#[test]
fn an_architects_sheet_with_three_mistakes_reports_each_at_its_line() {
    let example = std::fs::read_to_string(format!("{RUNTIME}/sheets/architects.yaml")).unwrap();
    let edited = example
        .replace(
            "pieces: [2 different, 2 identical]   #",
            "pieces: [2 different, 2 identicl]   #",
        )
        .replace("progress: [Culture, Decor]", "progress: [Culture, Decr]")
        .replace("cards: [Wood, Stone, Coin]", "cards: [Wood, Stne, Coin]");
    assert_eq!(edited.lines().count(), example.lines().count());
    let sheet = scratch("architects-three-mistakes.yaml", &edited);
    let out = sevenw(&["score", &sheet.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let mut last = 0;
    for (code, message, place) in [
        (
            "S0003",
            "Giza has no stage `2 identicl`",
            "architects-three-mistakes.yaml:6:27]",
        ),
        (
            "S0002",
            "unknown progress token `Decr`; did you mean `Decor`?",
            "architects-three-mistakes.yaml:17:25]",
        ),
        (
            "S0002",
            "unknown card `Stne`; did you mean `Stone`?",
            "architects-three-mistakes.yaml:18:19]",
        ),
    ] {
        let at = err
            .find(message)
            .unwrap_or_else(|| panic!("{message}: {err}"));
        // In the order of the file, each with its code (shown before it)
        // and snippet.
        assert!(at > last, "{message} is out of order: {err}");
        assert!(err[last..at].contains(code), "{code}: {err}");
        last = at;
        assert!(err[at..].contains(place), "{place}: {err}");
    }
}

#[test]
fn a_duel_sheets_pawn_is_checked_with_its_players() {
    let example = std::fs::read_to_string(format!("{RUNTIME}/sheets/duel.yaml")).unwrap();
    let edited = example
        .replace("conflict: -4 ", "conflict: -14")
        .replace("cards: [Shelf Quarry,", "cards: [Shelf Quary,");
    assert_ne!(edited, example);
    let sheet = scratch("duel-pawn-and-card.yaml", &edited);
    let out = sevenw(&["score", &sheet.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("`conflict` must be a whole number from -9 to 9, not -14"),
        "{err}"
    );
    assert!(err.contains("duel-pawn-and-card.yaml:3:11]"), "{err}");
    assert!(err.contains("unknown card `Shelf Quary`"), "{err}");
    assert!(err.contains("duel-pawn-and-card.yaml:12:13]"), "{err}");
}
