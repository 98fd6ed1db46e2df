//! The example family through the shipped command line: this crate's
//! binary is `sevenw_cli::main_with_families(GAMES, &[FAMILY])`, and every
//! command runs it as a designer would.

use std::path::PathBuf;
use std::process::{Command, Output};

fn market(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sevenw-market"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A folder of this test's own, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("example-family-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Exit code 0, and the output.
fn ok(args: &[&str]) -> String {
    let out = market(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Exit code 1 with a plain message or a diagnostic with its code (a
/// log's line, say), no panic: the message.
fn refused(args: &[&str]) -> String {
    let out = market(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    let coded = err.len() > 5
        && err.as_bytes()[0].is_ascii_uppercase()
        && err.as_bytes()[1..5].iter().all(u8::is_ascii_digit)
        && err.as_bytes()[5] == b'\n';
    assert!(err.starts_with("error: ") || coded, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    err
}

#[test]
fn play_tells_a_game_and_its_final_scores() {
    let s = ok(&[
        "play",
        "--game",
        "bazaar",
        "--players",
        "3",
        "--seed",
        "5",
        "--bots",
        "greedy",
    ]);
    let mut lines = s.lines();
    assert_eq!(
        lines.next(),
        Some("Bazaar: 3 players, seed 5, bots greedy,greedy,greedy")
    );
    assert!(lines.next().unwrap().starts_with("The market: "), "{s}");
    // One line per turn: 5 cards a player, each bought or sold.
    let turns: Vec<&str> = s
        .lines()
        .filter(|l| l.contains(" buys ") || l.contains(" sells "))
        .collect();
    assert_eq!(turns.len(), 15, "{s}");
    for (i, l) in turns.iter().enumerate() {
        assert!(l.starts_with(&format!("player {} ", i % 3 + 1)), "{l}");
    }
    // The last turn empties the market.
    assert!(turns[14].ends_with("Market: (empty)"), "{s}");
    let scores = &s[s.find("Final scores\n").expect("scores") + 13..];
    let header = scores.lines().next().unwrap();
    for c in ["civic", "guild", "treasury", "total"] {
        assert!(header.contains(c), "{header}");
    }
    assert_eq!(
        scores
            .lines()
            .filter(|l| l.starts_with("player ") && !l.contains("win") && !l.contains("civic"))
            .count(),
        3
    );
    let last = scores.lines().last().unwrap();
    assert!(last.starts_with("player ") && last.contains(" win"), "{s}");
    // The same seed, the same game.
    assert_eq!(
        s,
        ok(&["play", "--game", "bazaar", "--players", "3", "--seed", "5"])
    );
}

#[test]
fn a_logged_game_replays_to_the_same_story_and_result() {
    let dir = scratch("replay");
    let log = dir.join("game.log");
    let log_arg = log.to_str().unwrap();
    let played = ok(&[
        "play",
        "--game",
        "bazaar",
        "--players",
        "4",
        "--seed",
        "21",
        "--bots",
        "random,greedy,mcts:20,greedy",
        "--log",
        log_arg,
    ]);
    assert!(
        played.ends_with(&format!("replay log written to {log_arg}\n")),
        "{played}"
    );
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.starts_with("sevenw replay 3\ngame bazaar\nplayers 4\nseed 21\n"));
    assert_eq!(
        written.lines().filter(|l| l.starts_with("move ")).count(),
        20
    );
    assert!(written.contains("\nresult points "), "{written}");
    let replayed = ok(&["replay", log_arg]);
    assert_eq!(replayed.lines().next(), Some("Bazaar: replay, seed 21"));
    // Everything after the first line is the same story, up to the scores.
    let story = |s: &str| -> Vec<String> {
        s.lines()
            .skip(1)
            .filter(|l| !l.starts_with("replay log written"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(story(&replayed), story(&played));
    // A log changed by hand is caught, at its line.
    let first = written.lines().find(|l| l.starts_with("move 1 ")).unwrap();
    let index = first.split(' ').nth(2).unwrap();
    let forged = written.replacen(first, &format!("move 1 {index} sell Nothing"), 1);
    let bad = dir.join("forged.log");
    std::fs::write(&bad, forged).unwrap();
    let err = refused(&["replay", bad.to_str().unwrap()]);
    assert!(err.contains("forged.log:6:1]"), "{err}");
    assert!(err.contains("the log says `sell Nothing`"), "{err}");
}

#[test]
fn sim_gives_the_same_json_for_one_thread_or_two() {
    let run = |threads: &str| {
        let s = ok(&[
            "sim",
            "--game",
            "bazaar",
            "--players",
            "3",
            "--games",
            "120",
            "--seed",
            "9",
            "--bots",
            "random,greedy,random",
            "--json",
            "--threads",
            threads,
        ]);
        let mut v: serde_json::Value = serde_json::from_str(&s).expect("valid JSON");
        assert_eq!(v["threads"], threads.parse::<u64>().unwrap());
        // What depends on the machine, not the games.
        for k in ["threads", "seconds", "games_per_sec"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["game"], "bazaar");
    assert_eq!(one["games"], 120);
    assert_eq!(one["players"], 3);
    let rates = one["seat_win_rate"].as_array().unwrap();
    assert_eq!(rates.len(), 3);
    // The greedy seat wins more often than either random one.
    let rate = |i: usize| rates[i].as_f64().unwrap();
    assert!(rate(1) > rate(0) && rate(1) > rate(2), "{one}");
    assert!(one["average"]["total"].as_f64().unwrap() > 0.0, "{one}");
    assert_eq!(one["victory"]["points"], 1.0);
}

#[test]
fn sim_check_plays_every_move_with_the_invariants_checked() {
    for players in ["2", "4"] {
        let s = ok(&[
            "sim",
            "--game",
            "bazaar",
            "--players",
            players,
            "--games",
            "60",
            "--seed",
            "3",
            "--bots",
            "random",
            "--check",
        ]);
        assert!(s.contains("no violation"), "{s}");
    }
}

#[test]
fn balance_writes_its_report() {
    let dir = scratch("balance");
    let s = ok(&[
        "balance",
        "--game",
        "bazaar",
        "--players",
        "2",
        "--games",
        "80",
        "--seed",
        "1",
        "--bots",
        "greedy,random",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!s.is_empty());
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap())
            .expect("valid JSON");
    assert_eq!(report["game"], "bazaar");
    assert_eq!(report["games"], 80);
    assert_eq!(report["seats"].as_array().unwrap().len(), 2);
    // Cards are tallied by name: those of the 2-player deck that were
    // built, the free Stall among them.
    let deck = [
        "Lumber Camp",
        "Quarry",
        "Weaver",
        "Stall",
        "Caravan",
        "Tavern",
        "Fountain",
        "Statue",
        "Palace",
        "Bankers' Guild",
    ];
    let cards: Vec<&str> = report["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(cards.contains(&"Stall"), "{cards:?}");
    assert!(cards.iter().all(|c| deck.contains(c)), "{cards:?}");
    assert!(dir.join("report.html").is_file());
}

#[test]
fn sheets_and_scenarios_are_refused_plainly() {
    let dir = scratch("refused");
    let sheet = dir.join("sheet.yaml");
    std::fs::write(
        &sheet,
        "game: bazaar\nplayers:\n  - name: Ana\n    coins: 3\n    cards: [Stall]\n",
    )
    .unwrap();
    let sheet = sheet.to_str().unwrap();
    let err = refused(&["score", sheet]);
    assert!(
        err.contains("Bazaar has no city sheets: `score` needs one"),
        "{err}"
    );
    let out = market(&["price", sheet, "--player", "Ana", "--card", "Stall"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("Bazaar has no city sheets: `price` needs one"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    let scenario = dir.join("scenario.yaml");
    std::fs::write(&scenario, "game: bazaar\nplayers: 2\nsteps: []\n").unwrap();
    let out = market(&["test", scenario.to_str().unwrap()]);
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(
        all.contains("Bazaar has no scenarios: `test` needs them"),
        "{all}"
    );
    assert!(!all.contains("panicked"), "{all}");
}

#[test]
fn set_up_mistakes_are_usage_errors() {
    for (args, says) in [
        (
            &["play", "--game", "bazaar"][..],
            "Bazaar is for 2 to 4 players: say how many",
        ),
        (
            &["play", "--game", "bazaar", "--players", "5"][..],
            "Bazaar is for 2 to 4 players, not 5",
        ),
        (
            &[
                "sim",
                "--game",
                "bazaar",
                "--players",
                "2",
                "--games",
                "3",
                "--sides",
                "b",
            ][..],
            "Bazaar has no wonder sides",
        ),
        (
            &["play", "--game", "base", "--players", "3"][..],
            "unknown game `base`",
        ),
    ] {
        let out = market(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
