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

#[path = "../../tests/support/cargo.rs"]
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
}
