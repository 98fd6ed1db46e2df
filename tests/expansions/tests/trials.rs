//! The test expansions through their own `sevenw` binary: every scenario
//! of `cards/<expansion>/tests/` passes, and random games with each
//! expansion keep every invariant (`sim --check`).

use std::path::Path;
use std::process::Command;

fn sevenw(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sevenw-trials"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the test binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn every_scenario_of_every_test_expansion_passes() {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut sets = 0;
    for entry in std::fs::read_dir(&cards).unwrap() {
        let tests = entry.unwrap().path().join("tests");
        if !tests.is_dir() {
            continue;
        }
        let (ok, text) = sevenw(&["test", tests.to_str().unwrap()]);
        assert!(ok, "{text}");
        assert!(text.contains(" passed, 0 failed"), "{text}");
        sets += 1;
    }
    assert!(sets >= 1, "no test expansion holds scenarios");
}

#[test]
fn games_with_trials_keep_every_invariant() {
    for players in ["3", "7"] {
        let (ok, text) = sevenw(&[
            "sim",
            "--game",
            "base",
            "--with",
            "trials",
            "--players",
            players,
            "--games",
            "300",
            "--bots",
            "random",
            "--check",
            "--seed",
            "1",
            "--threads",
            "1",
        ]);
        assert!(ok, "{players} players: {text}");
        assert!(text.contains("no violation"), "{text}");
    }
}
