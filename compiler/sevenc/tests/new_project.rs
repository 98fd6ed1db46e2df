//! `sevenc new` end to end, as a designer uses it: create the folder, build
//! its binary against this workspace's crates, run its scenario and a
//! simulation, change a card, break a card.
//!
//! The project is built in the debug profile in a target folder of its own
//! under this workspace's target directory (the first run compiles its
//! dependencies; later runs reuse them).

use std::path::PathBuf;
use std::process::Command;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[path = "../../../tests/support/cargo.rs"]
mod support;
use support::cargo;

#[test]
fn a_new_expansion_builds_plays_and_reports_card_errors_at_their_place() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenc-new");
    let dir = scratch.join("harbours");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&scratch).unwrap();
    let target = scratch.join("target");

    let out = Command::new(env!("CARGO_BIN_EXE_sevenc"))
        .arg("new")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("cargo run --release -- test cards/harbours"));

    // The scenario it comes with passes.
    let run = cargo(
        &dir,
        &target,
        &["run", "-q", "--", "test", "cards/harbours"],
    );
    assert!(
        run.status.success(),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    assert!(
        text(&run.stdout).contains("1 passed, 0 failed"),
        "{}",
        text(&run.stdout)
    );

    // One number changed in the card: the scenario sees it at once.
    let cards = dir.join("cards/harbours/cards.yaml");
    let card = std::fs::read_to_string(&cards).unwrap();
    let changed = card.replace(
        "gain 1 coin per wonder stage",
        "gain 3 coins per wonder stage",
    );
    assert_ne!(card, changed);
    std::fs::write(&cards, &changed).unwrap();
    let run = cargo(
        &dir,
        &target,
        &["run", "-q", "--", "test", "cards/harbours"],
    );
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let report = text(&run.stdout);
    // 5 coins and 2 stages at 3 each, where the scenario expects 7.
    assert!(
        report.contains("Ana's coins: expected 7, found 11"),
        "{report}"
    );

    // The whole command line works for the set.
    let run = cargo(
        &dir,
        &target,
        &[
            "run",
            "-q",
            "--",
            "sim",
            "--game",
            "base",
            "--with",
            "harbours",
            "--players",
            "4",
            "--games",
            "50",
            "--bots",
            "random",
            "--seed",
            "1",
        ],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        text(&run.stdout).contains("50 games of 7 Wonders with Harbours"),
        "{}",
        text(&run.stdout)
    );
    // Its binary serves the playtest table (sevenw-cli's `serve`).
    let run = cargo(&dir, &target, &["run", "-q", "--", "serve", "--help"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let help = text(&run.stdout);
    assert!(help.starts_with("Serve a playtest table"), "{help}");

    // A card of the expansion chains to a card of the game: drafted
    // cards of its own colour, one making the game's Lighthouse free.
    let game_yaml = dir.join("cards/harbours/game.yaml");
    let mut game = std::fs::read_to_string(&game_yaml).unwrap();
    game.push_str(
        "colours: [teal]\ncategories: [harbours]\nvp_category: { teal: harbours }\n\
         draft: { colour: teal, deal: 1, pass: left }\n",
    );
    std::fs::write(&game_yaml, game).unwrap();
    let drafted = |chains: &str| {
        format!(
            "age: 0\ncards:\n  - name: Harbour Master\n    colour: teal\n    cost: 1 coin\n    \
             effect: gain 3 coins\n    chains: [{chains}]\n  - name: Pilot\n    colour: teal\n    \
             cost: 1 coin\n    effect: gain 1 vp\n  - name: Navigator\n    colour: teal\n    \
             cost: 1 coin\n    effect: gain 2 coins\n"
        )
    };
    std::fs::write(
        dir.join("cards/harbours/drafted.yaml"),
        drafted("Lighthouse"),
    )
    .unwrap();
    std::fs::write(
        dir.join("cards/harbours/tests/chain.yaml"),
        "game: base\nexpansions: [harbours]\nage: 3\nplayers:\n  \
         - {name: Ana, wonder: Giza, side: A, coins: 0, leaders: [Harbour Master], hand: [Lighthouse, Loom]}\n  \
         - {name: Ben, wonder: Rhodes, side: A, hand: [Senate, Arena]}\n  \
         - {name: Cid, wonder: Ephesus, side: A, hand: [Palace, Gardens]}\n\
         steps:\n  - Ana builds Lighthouse\n  - Ben discards Senate\n  - Cid discards Palace\n  \
         - expect:\n      Ana: {cards: [Harbour Master, Lighthouse]}\n",
    )
    .unwrap();
    std::fs::write(&cards, &card).unwrap();
    let run = cargo(
        &dir,
        &target,
        &["run", "-q", "--", "test", "cards/harbours"],
    );
    assert!(
        text(&run.stdout).contains("2 passed, 0 failed"),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    // An Age II card of the expansion chains to the game's Lighthouse (the
    // issue's own case): it checks, its Age deck of 22 cards deals 3 hands
    // of 7 (one card back to the box unseen), and games play.
    std::fs::write(
        dir.join("cards/harbours/age2.yaml"),
        "age: 2\ncards:\n  - name: Quay\n    colour: blue\n    players: [3]\n    \
         cost: 2 wood\n    effect: gain 2 vp\n    chains: [Lighthouse]\n",
    )
    .unwrap();
    let run = cargo(
        &dir,
        &target,
        &[
            "run",
            "-q",
            "--",
            "sim",
            "--game",
            "base",
            "--with",
            "harbours",
            "--players",
            "3",
            "--games",
            "200",
            "--bots",
            "random",
            "--seed",
            "7",
            "--check",
        ],
    );
    assert!(
        run.status.success(),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    // Quay is dealt and built: the balance report has its row.
    let report = scratch.join("report");
    let run = cargo(
        &dir,
        &target,
        &[
            "run",
            "-q",
            "--",
            "balance",
            "--game",
            "base",
            "--with",
            "harbours",
            "--players",
            "3",
            "--games",
            "100",
            "--bots",
            "random",
            "--seed",
            "7",
            "--out",
            report.to_str().unwrap(),
        ],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let json = std::fs::read_to_string(report.join("report.json")).unwrap();
    assert!(json.contains("\"Quay\""), "{json}");
    std::fs::remove_file(dir.join("cards/harbours/age2.yaml")).unwrap();

    // Without the chain, Lighthouse cannot be paid for.
    std::fs::write(dir.join("cards/harbours/drafted.yaml"), drafted("")).unwrap();
    let run = cargo(
        &dir,
        &target,
        &["run", "-q", "--", "test", "cards/harbours"],
    );
    assert!(
        text(&run.stdout).contains("cannot get the resources for Lighthouse"),
        "{}",
        text(&run.stdout)
    );

    // A mistake in a card stops the build with the check's diagnostic, at
    // its line and column in the designer's file.
    std::fs::write(&cards, changed.replace("colour: purple", "colour: purpel")).unwrap();
    let build = cargo(&dir, &target, &["build", "-q"]);
    assert!(!build.status.success());
    let err = text(&build.stderr);
    assert!(err.contains("unknown colour `purpel`"), "{err}");
    assert!(err.contains("cards/harbours/cards.yaml:7:13"), "{err}");
    assert!(err.contains("did you mean `purple`?"), "{err}");
    assert!(
        !err.contains("error[E"),
        "a Rust error in generated code: {err}"
    );
    // The report comes first and alone: no watch list before it, no
    // `Error:` wrapping of a `main` returning `Result`.
    assert!(!err.contains("rerun-if-changed"), "{err}");
    assert!(!err.contains("Error: "), "{err}");
    let script = err.split("--- stderr").nth(1).unwrap_or_default();
    assert!(script.trim_start().starts_with("E0102"), "{err}");
}
