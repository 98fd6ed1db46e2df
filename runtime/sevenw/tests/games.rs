//! The `sevenw` binary on each game and expansion: Duel, Architects,
//! Edifice, expansions named without their game, and `sim --check` on every
//! game.

mod common;

use std::path::PathBuf;

use common::*;

#[test]
fn duel_play_and_sim() {
    let o = sevenw(&["play", "--game", "duel", "--seed", "5", "--bots", "random"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("Age I") && out.contains("wonder draft:"),
        "{out}"
    );
    assert!(out.contains(" victory)\n"), "{out}");
    // Same seed, same game.
    let again = sevenw(&["play", "--game", "duel", "--seed", "5", "--bots", "random"]);
    assert_eq!(text(&again.stdout), out);

    let o = sevenw(&[
        "sim", "--game", "duel", "--games", "300", "--seed", "2", "--bots", "random", "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let kinds = ["civilian", "military", "science"];
    assert_eq!(v["victory"].as_object().unwrap().len(), 3);
    let shares: f64 = kinds
        .iter()
        .map(|k| v["victory"][k].as_f64().unwrap())
        .sum();
    assert!((shares - 1.0).abs() < 1e-3, "{v}");
    assert_eq!(v["games"], 300);
    assert_eq!(v["seat_average_total"].as_array().unwrap().len(), 2);

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
        &["play", "--game", "duel", "--sides", "B"],
        &["sim", "--game", "duel"],
    ] {
        let o = sevenw(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", text(&o.stdout));
    }
}

#[test]
fn duel_score_price_and_replay() {
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
    let o = sevenw(&[
        "price",
        p,
        "--player",
        "Bruno",
        "--target",
        "wonder=The Sphinx",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("The Sphinx"),
        "{}",
        text(&o.stdout)
    );
    let o = sevenw(&["price", p, "--player", "Bruno", "--stage"]);
    assert_eq!(o.status.code(), Some(2));

    let log = scratch("duel.log", "");
    let lp = log.to_str().unwrap();
    let o = sevenw(&[
        "play",
        "--game",
        "duel",
        "--seed",
        "9",
        "--bots",
        "greedy,random",
        "--log",
        lp,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let played = text(&o.stdout);
    let o = sevenw(&["replay", lp]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let replayed = text(&o.stdout);
    let final_of = |s: &str| {
        let from = s.find("Final scores").unwrap();
        let to = s.find(" victory)\n").unwrap();
        s[from..to].to_string()
    };
    assert_eq!(final_of(&replayed), final_of(&played));
    let broken = std::fs::read_to_string(lp)
        .unwrap()
        .replace("score 0 ", "score 0 1");
    std::fs::write(lp, broken).unwrap();
    let o = sevenw(&["replay", lp]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn architects_play_sim_score_price_and_replay() {
    let log = scratch("architects.log", "");
    let o = sevenw(&[
        "play",
        "--game",
        "architects",
        "--players",
        "4",
        "--seed",
        "5",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("progress tokens face up: "), "{out}");
    assert!(out.contains("Final scores"), "{out}");
    let again = sevenw(&["replay", log.to_str().unwrap()]);
    assert!(again.status.success(), "{}", text(&again.stderr));

    let o = sevenw(&[
        "sim",
        "--game",
        "architects",
        "--players",
        "3",
        "--games",
        "200",
        "--seed",
        "2",
        "--bots",
        "random",
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], 200);
    assert_eq!(v["victory"]["points"], 1.0);
    assert_eq!(v["seat_average_total"].as_array().unwrap().len(), 3);

    let sheet = std::path::Path::new(RUNTIME).join("sheets/architects.yaml");
    let sheet = sheet.to_str().unwrap();
    let o = sevenw(&["score", sheet, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["players"][0]["cat"], 2);
    assert_eq!(v["winners"], serde_json::json!(["Ana"]));
    let o = sevenw(&["price", sheet, "--player", "Ben", "--stage", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout).trim(),
        r#"{"buildable":false,"coins":null,"chain":false}"#
    );

    for bad in [
        &["play", "--game", "architects"][..],
        &["play", "--game", "architects", "--players", "8"],
        &[
            "play",
            "--game",
            "architects",
            "--players",
            "2",
            "--sides",
            "B",
        ],
        &[
            "play",
            "--game",
            "architects",
            "--players",
            "2",
            "--wonders",
            "Giza",
        ],
        &["price", sheet, "--player", "Ana", "--card", "Wood"],
    ] {
        let o = sevenw(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", text(&o.stdout));
    }
}

/// Edifice in the story and at the command line: a project completed (its
/// reward's holders named) or failed (who pays, who takes a debt token);
/// `price --target join` and its refusal without Edifice.
#[test]
fn edifice_in_play_and_price() {
    let out = sevenw(&[
        "play",
        "--game",
        "base",
        "--with",
        "edifice",
        "--players",
        "3",
        "--seed",
        "2",
        "--bots",
        "greedy",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let story = text(&out.stdout);
    assert!(story.contains("joining the project"), "{story}");
    assert!(story.contains(" is completed: its reward for "), "{story}");
    assert!(story.contains(" failed\n"), "{story}");
    assert!(story.contains("edifice"), "{story}");
    let sheet = scratch(
        "edifice-price.yaml",
        "game: base\nexpansions: [edifice]\nage: 1\nprojects: [Belvedere]\nplayers:\n  - {name: Ana, wonder: Rhodes, side: A, coins: 3, cards: [Lumber Yard, Tree Farm]}\n  - {name: Ben, wonder: Giza}\n  - {name: Cid, wonder: Babylon}\n",
    );
    let p = sheet.to_str().unwrap();
    let out = sevenw(&["price", p, "--player", "Ana", "--target", "join", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"buildable\":true,\"coins\":1,\"chain\":false}\n"
    );
    let out = sevenw(&[
        "price", p, "--player", "Ana", "--target", "join", "--card", "Altar",
    ]);
    assert_eq!(out.status.code(), Some(2), "one thing priced at a time");
    let out = sevenw(&["price", p, "--player", "Ana", "--target", "join=Belvedere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("`join` takes no name"),
        "{}",
        text(&out.stderr)
    );
    let out = sevenw(&[
        "price",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../sheets/example.yaml"),
        "--player",
        "Ana",
        "--target",
        "join",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("prices no `join` (it prices card=NAME, stage)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_sheet_of_an_unknown_game_is_refused_at_its_game_line() {
    // The game a sheet names picks the rules that read it; the command
    // line refuses a name it does not know, with the sheet's place.
    let example =
        std::fs::read_to_string(PathBuf::from(RUNTIME).join("sheets/example.yaml")).unwrap();
    assert!(example.starts_with("game: base\n"));
    let path = scratch(
        "chess.yaml",
        &example.replacen("game: base", "game: chess", 1),
    );
    let out = sevenw(&["score", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let e = text(&out.stderr);
    assert!(e.contains("chess.yaml:1:7]"), "{e}");
    assert!(e.contains("unknown game `chess`"), "{e}");
    assert!(out.stdout.is_empty());
}

#[test]
fn expansions_name_their_game_when_game_is_left_out() {
    // `--with leaders` plays the game Leaders extends: the same game as
    // with `--game base`.
    let args = [
        "--with",
        "leaders",
        "--players",
        "4",
        "--seed",
        "3",
        "--bots",
        "random",
    ];
    let implied = sevenw(&[&["play"][..], &args[..]].concat());
    let named = sevenw(&[&["play", "--game", "base"][..], &args[..]].concat());
    assert_eq!(implied.status.code(), Some(0), "{}", text(&implied.stderr));
    assert_eq!(text(&implied.stdout), text(&named.stdout));
    // Neither a game nor an expansion: a usage error naming the games.
    let none = sevenw(&["sim", "--players", "4", "--games", "1"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        text(&none.stderr).contains("--game <GAME>"),
        "{}",
        text(&none.stderr)
    );
    // An unknown expansion says which there are, each once (Cities has
    // two editions, and so have its leaders).
    let bad = sevenw(&["sim", "--with", "lederz", "--players", "4", "--games", "1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains(
            "unknown expansion `lederz` (expansions: agora, cities, edifice, leaders, pantheon, wonder-pack)"
        ),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn sim_check_plays_every_game_checked_and_says_so() {
    for args in [
        &[
            "--game",
            "base",
            "--edition",
            "2",
            "--with",
            "leaders,edifice",
            "--players",
            "4",
        ][..],
        &["--game", "duel"],
        &["--game", "architects", "--players", "3"],
    ] {
        let mut all = vec![
            "sim", "--check", "--games", "20", "--seed", "3", "--bots", "random",
        ];
        all.extend_from_slice(args);
        let out = sevenw(&all);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let s = text(&out.stdout);
        assert!(
            s.contains("each game's sheet and replay: no violation"),
            "{s}"
        );
        all.push("--json");
        let v: serde_json::Value = serde_json::from_slice(&sevenw(&all).stdout).unwrap();
        assert_eq!(v["check"], true);
        assert_eq!(v["games"], 20);
    }
}

#[test]
fn sim_scores_only_the_categories_of_the_card_sets_in_play() {
    let sim = |with: &str, json: &[&str]| {
        let mut args = vec![
            "sim",
            "--with",
            with,
            "--players",
            "4",
            "--games",
            "5",
            "--bots",
            "random",
            "--seed",
            "1",
            "--threads",
            "1",
        ];
        args.extend_from_slice(json);
        let out = sevenw(&args);
        assert!(out.status.success());
        text(&out.stdout)
    };
    // Leaders' vocabulary follows Edifice's in the family's order: with
    // Leaders alone in play, Edifice's category is not shown.
    let shown = sim("leaders", &[]);
    assert!(shown.contains("\n  leaders "), "{shown}");
    assert!(!shown.contains("edifice"), "{shown}");
    let json = sim("edifice", &["--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let average = v["average"].as_object().expect("averages");
    assert!(average.contains_key("edifice"), "{json}");
    assert!(!average.contains_key("leaders"), "{json}");
}

#[test]
fn set_up_options_are_the_games_own() {
    let log = scratch("options.log", "");
    let log_arg = log.to_str().unwrap();
    // Leaders' option: every leader, the expert ones too, dealt.
    let out = sevenw(&[
        "play",
        "--with",
        "leaders",
        "--players",
        "3",
        "--seed",
        "2",
        "--bots",
        "random",
        "--option",
        "leaders=all",
        "--log",
        log_arg,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.contains("\nleaders all\n"), "{written}");
    let again = sevenw(&["replay", log_arg]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    // An option the game does not define, a value it does not take, and a
    // misspelt name are usage errors that say what there is.
    let usage_error = |args: &[&str], expected: &str| {
        let out = sevenw(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(expected), "{err}");
    };
    usage_error(
        &[
            "play",
            "--game",
            "base",
            "--players",
            "3",
            "--option",
            "leaders=all",
        ],
        "unknown option `leaders` (the game has no options)",
    );
    usage_error(
        &[
            "play",
            "--with",
            "leaders",
            "--players",
            "3",
            "--option",
            "leaders=most",
        ],
        "`most` is not a value of `leaders` (normal, all)",
    );
    usage_error(
        &[
            "sim",
            "--with",
            "leaders",
            "--players",
            "3",
            "--games",
            "2",
            "--option",
            "leadres=all",
        ],
        "unknown option `leadres` (options: leaders); did you mean `leaders`?",
    );
    usage_error(
        &[
            "play",
            "--with",
            "leaders",
            "--players",
            "3",
            "--option",
            "leaders",
        ],
        "`leaders` is not NAME=VALUE",
    );
    // A log's option line is checked with its line once the game is known.
    let bad = scratch(
        "bad-option.log",
        &written.replace("leaders all", "leadres all"),
    );
    let out = sevenw(&["replay", bad.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let line = written.lines().position(|l| l == "leaders all").unwrap() + 1;
    assert!(err.contains(&format!("bad-option.log:{line}:1]")), "{err}");
    assert!(err.contains("unknown line `leadres`"), "{err}");
    assert!(err.contains("did you mean `leaders`?"), "{err}");
}
