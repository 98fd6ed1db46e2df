//! The `sevenw` binary: commands, outputs and exit codes.

use std::path::PathBuf;
use std::process::{Command, Output};

fn sevenw(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A scratch file under the target directory.
fn scratch(name: &str, content: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenw-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

const SHEET: &str = "\
game: base
players:
  - {name: Ana, wonder: Babylon, coins: 3, cards: [Lumber Yard, Altar, Scriptorium]}
  - {name: Ben, wonder: Giza, coins: 1, cards: [Ore Vein, Glassworks, East Trading Post]}
  - {name: Cy, wonder: Alexandria, coins: 0, cards: [Clay Pool, Press, Marketplace]}
";

#[test]
fn bad_command_lines_exit_2_with_a_message() {
    for args in [
        &[][..],
        &["fly"],
        &["play"],
        &["play", "--game", "base"],
        &["play", "--game", "nope", "--players", "3"],
        &["play", "--game", "base", "--players", "9"],
        &["play", "--game", "base", "--players", "three"],
        &["play", "--game", "base", "--players", "3", "--seed", "-1"],
        &[
            "play",
            "--game",
            "base",
            "--players",
            "3",
            "--bots",
            "smart",
        ],
        &[
            "play",
            "--game",
            "base",
            "--players",
            "3",
            "--bots",
            "random,greedy",
        ],
        &["play", "--game", "base", "--players", "3", "--sides", "C"],
        &["play", "--game", "base", "--players", "3", "--frobnicate"],
        &["play", "--game", "base", "--players", "3", "extra"],
        &["play", "--game", "base", "--players"],
        &["play", "--game", "base", "--game", "base", "--players", "3"],
        &["sim", "--game", "base", "--players", "3"],
        &["sim", "--game", "base", "--players", "3", "--games", "0"],
        &["score"],
        &["score", "a.yaml", "b.yaml"],
        &["price", "a.yaml", "--player", "Ana"],
        &[
            "price", "a.yaml", "--player", "Ana", "--card", "Baths", "--stage",
        ],
        &["price", "a.yaml", "--card", "Baths"],
        &["replay"],
    ] {
        let out = sevenw(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let err = text(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("usage:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn help_prints_usage() {
    let out = sevenw(&["help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("sevenw sim"));
}

#[test]
fn play_is_deterministic_and_writes_a_replay_log() {
    let args = [
        "play",
        "--game",
        "base",
        "--players",
        "4",
        "--seed",
        "42",
        "--bots",
        "greedy,random,greedy,random",
    ];
    let a = sevenw(&args);
    let b = sevenw(&args);
    assert_eq!(a.status.code(), Some(0), "{}", text(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    let s = text(&a.stdout);
    assert!(s.contains("seed 42"));
    for part in [
        "Age I\n",
        "Age II\n",
        "Age III\n",
        "Final scores",
        "total",
        "conflicts of Age III",
    ] {
        assert!(s.contains(part), "{part} in {s}");
    }
    let other = sevenw(&["play", "--game", "base", "--players", "4", "--seed", "43"]);
    assert_ne!(other.stdout, a.stdout);

    let log = scratch("game.log", "");
    let mut with_log = args.to_vec();
    let log_s = log.to_str().unwrap();
    with_log.extend(["--log", log_s]);
    let c = sevenw(&with_log);
    assert_eq!(c.status.code(), Some(0));
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.starts_with("sevenw replay 1\n"));
    let r = sevenw(&["replay", log_s]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let final_of = |s: &str| s[s.find("Final scores").unwrap()..].to_string();
    assert_eq!(final_of(&text(&r.stdout)), final_of(&text(&a.stdout)));

    let broken = scratch("broken.log", &logged.replacen("\nmove 0 ", "\nmove 0 1", 1));
    let r = sevenw(&["replay", broken.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(text(&r.stderr).starts_with("error: "));
}

#[test]
fn sim_reports_rate_scores_and_win_rates() {
    let out = sevenw(&[
        "sim",
        "--game",
        "base",
        "--players",
        "5",
        "--games",
        "40",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // stderr is not a terminal here: no progress bar.
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 40);
    assert_eq!(v["players"], 5);
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    for c in [
        "military",
        "treasury",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science",
        "total",
    ] {
        assert!(v["average"][c].is_number(), "{c}");
    }
    let total = v["average"]["total"].as_f64().unwrap();
    assert!(total > 20.0 && total < 120.0, "{total}");
    let rates = v["win_rate"].as_object().unwrap();
    assert_eq!(rates.len(), 7);
    assert!(
        rates
            .values()
            .all(|r| (0.0..=1.0).contains(&r.as_f64().unwrap()))
    );
    // Same seed, same averages.
    let again = sevenw(&[
        "sim",
        "--game",
        "base",
        "--players",
        "5",
        "--games",
        "40",
        "--seed",
        "7",
        "--json",
    ]);
    let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(v["average"], w["average"]);
    assert_eq!(v["win_rate"], w["win_rate"]);

    let txt = sevenw(&[
        "sim",
        "--game",
        "base",
        "--players",
        "3",
        "--games",
        "10",
        "--bots",
        "random",
    ]);
    assert_eq!(txt.status.code(), Some(0));
    let s = text(&txt.stdout);
    assert!(
        s.contains("games/s") && s.contains("win rate per wonder"),
        "{s}"
    );
}

#[test]
fn score_and_price_print_text_and_json() {
    let sheet = scratch("table.yaml", SHEET);
    let path = sheet.to_str().unwrap();
    let out = sevenw(&["score", path, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"].as_array().unwrap().len(), 3);
    assert!(v["winners"].is_array());
    let out = sevenw(&["score", path]);
    assert!(text(&out.stdout).contains("Ana"));

    let out = sevenw(&[
        "price", path, "--player", "ana", "--card", "baths", "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        r#"{"buildable":true,"coins":2,"chain":false}"#
    );
    let out = sevenw(&[
        "price", path, "--player", "Ana", "--card", "Temple", "--json",
    ]);
    assert_eq!(
        text(&out.stdout).trim(),
        r#"{"buildable":true,"coins":0,"chain":true}"#
    );
    let out = sevenw(&["price", path, "--player", "Ana", "--stage"]);
    assert!(
        text(&out.stdout).contains("can build stage 1 of Babylon for 2 coins"),
        "{}",
        text(&out.stdout)
    );
    let out = sevenw(&["price", path, "--player", "Zed", "--stage"]);
    assert_eq!(out.status.code(), Some(1));
    let out = sevenw(&["price", path, "--player", "Ana", "--card", "Bathz"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("did you mean `Baths`"));
}

#[test]
fn bad_sheets_exit_1_with_file_line_and_column() {
    let bad = scratch(
        "bad.yaml",
        &SHEET.replace("Altar, Scriptorium", "Altar, Altar"),
    );
    let out = sevenw(&["score", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.yaml:3:"), "{err}");
    assert!(err.contains("listed twice"), "{err}");
    let out = sevenw(&["score", "/nonexistent/sheet.yaml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read"));
}

#[test]
fn readme_examples_hold() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // The sheet shown is the example file.
    let start = readme.find("```yaml\n").unwrap() + 8;
    let end = start + readme[start..].find("```").unwrap();
    let example = std::fs::read_to_string(root.join("sheets/example.yaml")).unwrap();
    assert_eq!(&readme[start..end], example);
    let out = sevenw(&[
        "score",
        root.join("sheets/example.yaml").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Every command shown with its output gives that output.
    let prefix = "$ cargo run -p sevenw-runtime --bin sevenw -- ";
    let lines: Vec<&str> = readme.lines().collect();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(cmd) = line.strip_prefix(prefix) else {
            continue;
        };
        let Some(expected) = lines
            .get(i + 1)
            .filter(|l| !l.starts_with('$') && !l.starts_with("```"))
        else {
            continue;
        };
        let args: Vec<String> = cmd
            .split_whitespace()
            .map(|a| match a.strip_prefix("runtime/") {
                Some(rel) => root.join(rel).to_str().unwrap().to_string(),
                None => a.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = sevenw(&args);
        assert_eq!(text(&out.stdout).trim(), expected.trim(), "{cmd}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} examples checked");
}

#[test]
fn duel_play_and_sim() {
    let o = sevenw(&["play", "--game", "duel", "--seed", "5", "--bots", "random"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("Age I") && out.contains("winner: player"),
        "{out}"
    );
    assert!(out.contains(" victory)"), "{out}");
    // Same seed, same game.
    let again = sevenw(&["play", "--game", "duel", "--seed", "5", "--bots", "random"]);
    assert_eq!(text(&again.stdout), out);

    let o = sevenw(&[
        "sim", "--game", "duel", "--games", "300", "--seed", "2", "--bots", "random", "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let shares: f64 = ["civilian", "military", "science"]
        .iter()
        .map(|k| v["victory"][k].as_f64().unwrap())
        .sum();
    assert!((shares - 1.0).abs() < 1e-3, "{v}");
    assert_eq!(v["games"], 300);

    let first = "The Pyramids,The Great Lighthouse,The Temple of Artemis,The Statue of Zeus,\
                 Circus Maximus,Piraeus,The Appian Way,The Colossus";
    let o = sevenw(&["play", "--game", "duel", "--seed", "1", "--wonders", first]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("player 1 wonders: The Pyramids, The Great Lighthouse"),
        "{}",
        text(&o.stdout)
    );

    for bad in [
        &["play", "--game", "duel", "--players", "3"][..],
        &["play", "--game", "duel", "--wonders", "The Pyramids"],
        &["sim", "--game", "duel"],
    ] {
        let o = sevenw(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", text(&o.stdout));
    }
}

#[test]
fn duel_score_and_price() {
    let sheet = scratch(
        "duel.yaml",
        "game: duel\nconflict: -4\nplayers:\n  - name: Antoine\n    coins: 8\n    cards: [Clay Pool, Glassworks]\n    wonders: [The Pyramids]\n    progress: [Philosophy]\n  - name: Bruno\n    coins: 9\n    cards: [Shelf Quarry]\n",
    );
    let p = sheet.to_str().unwrap();
    let o = sevenw(&["score", p, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["victory"], "civilian");
    assert_eq!(v["winners"][0], "Antoine");
    assert_eq!(v["players"][1]["military"], 5);
    for k in [
        "military",
        "treasury",
        "wonders",
        "civilian",
        "science",
        "commercial",
        "guilds",
        "progress",
        "total",
    ] {
        assert!(v["players"][0][k].is_i64(), "{k}");
    }
    let o = sevenw(&[
        "price", p, "--player", "Antoine", "--card", "Aqueduct", "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["coins"], 12);
    assert_eq!(v["buildable"], false);
    let o = sevenw(&["price", p, "--player", "Bruno", "--wonder", "The Sphinx"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("The Sphinx"),
        "{}",
        text(&o.stdout)
    );
    let o = sevenw(&["price", p, "--player", "Bruno", "--stage"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn duel_replay_log() {
    let log = scratch("duel.log", "");
    let p = log.to_str().unwrap();
    let o = sevenw(&[
        "play",
        "--game",
        "duel",
        "--seed",
        "9",
        "--bots",
        "greedy,random",
        "--log",
        p,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let played = text(&o.stdout);
    let o = sevenw(&["replay", p]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let replayed = text(&o.stdout);
    let winner = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("winner:"))
            .map(str::to_string)
    };
    assert!(winner(&played).is_some(), "{played}");
    assert_eq!(winner(&replayed), winner(&played));
    let broken = std::fs::read_to_string(p)
        .unwrap()
        .replace("score 0 ", "score 0 1");
    std::fs::write(p, broken).unwrap();
    let o = sevenw(&["replay", p]);
    assert_eq!(o.status.code(), Some(1));
}
