//! The `sevenw` binary: commands, outputs, exit codes, and the habits of a
//! command line (help everywhere, `-` for standard input, quiet when the
//! reader goes away, text from files escaped). Each game's own commands are
//! in `games.rs`.

mod common;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::*;

#[test]
fn bad_command_lines_exit_2_with_the_usage() {
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
        &[
            "play",
            "--game",
            "base",
            "--players",
            "3",
            "--wonders",
            "Gizza,Rhodes,Ephesus",
        ],
        &[
            "play",
            "--game",
            "base",
            "--players",
            "3",
            "--wonders",
            "Giza:C,Rhodes,Ephesus",
        ],
        &[
            "play",
            "--game",
            "base",
            "--players",
            "3",
            "--wonders",
            "Giza,Giza,Ephesus",
        ],
        &["sim", "--game", "base", "--players", "3"],
        &["sim", "--game", "base", "--players", "3", "--games", "0"],
        &[
            "sim",
            "--game",
            "base",
            "--players",
            "3",
            "--games",
            "5",
            "--threads",
            "0",
        ],
        &["score"],
        &["score", "a.yaml", "b.yaml"],
        &["price", "a.yaml", "--player", "Ana"],
        &[
            "price", "a.yaml", "--player", "Ana", "--card", "Baths", "--stage",
        ],
        &["price", "a.yaml", "--card", "Baths"],
        &["replay"],
        &["completions", "powershell-ish"],
    ] {
        let out = sevenw(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let err = text(&out.stderr);
        // No command at all shows the help; anything else says what is wrong.
        assert!(
            err.starts_with("error: ") || args.is_empty(),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("Usage: sevenw") || err.contains("try '--help'"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Did-you-mean for a wonder on the command line.
    let out = sevenw(&[
        "play",
        "--game",
        "base",
        "--players",
        "3",
        "--wonders",
        "Gizza,Rhodes,Ephesus",
    ]);
    assert!(text(&out.stderr).contains("did you mean `Giza`?"));
}

#[test]
fn help_on_every_command_and_a_version() {
    for args in [
        &["--help"][..],
        &["help"],
        &["play", "--help"],
        &["sim", "--help"],
        &["score", "--help"],
        &["price", "--help"],
        &["replay", "--help"],
        &["completions", "--help"],
        &["help", "sim"],
    ] {
        let out = sevenw(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let s = text(&out.stdout);
        assert!(s.contains("Usage: sevenw"), "{args:?}: {s}");
    }
    let s = text(&sevenw(&["sim", "--help"]).stdout);
    assert!(s.contains("--threads"), "{s}");
    let s = text(&sevenw(&["--help"]).stdout);
    assert!(s.contains("Exit codes"), "{s}");
    let out = sevenw(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("sevenw 0."));
}

#[test]
fn completions_for_three_shells() {
    for (shell, marker) in [
        ("bash", "complete"),
        ("zsh", "#compdef"),
        ("fish", "complete -c sevenw"),
    ] {
        let out = sevenw(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let s = text(&out.stdout);
        assert!(s.contains(marker) && s.contains("sim"), "{shell}: {s}");
    }
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
    // Plurals follow the number.
    for wrong in [" 1 shields", " 1 defeats", " 1 victories", "(1 coins)"] {
        assert!(!s.contains(wrong), "{wrong} in {s}");
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
    assert!(logged.starts_with("sevenw replay 3\ngame base\nplayers 4\nseed 42\n"));
    let r = sevenw(&["replay", log_s]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let final_of = |s: &str| s[s.find("Final scores").unwrap()..].to_string();
    assert_eq!(final_of(&text(&r.stdout)), final_of(&text(&a.stdout)));
    // The log read from standard input.
    let r = sevenw_in(&["replay", "-"], &logged);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));

    // A changed decision: exit 1, with the line.
    let broken = scratch("broken.log", &logged.replacen("\nmove 0 ", "\nmove 0 1", 1));
    let r = sevenw(&["replay", broken.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    let err = text(&r.stderr);
    assert!(err.starts_with("S0005"), "{err}");
    assert!(err.contains("broken.log:5:1]"), "{err}");
}

#[test]
fn replay_logs_are_checked_line_by_line() {
    let log = scratch("check.log", "");
    let p = log.to_str().unwrap();
    let o = sevenw(&[
        "play",
        "--game",
        "base",
        "--players",
        "3",
        "--seed",
        "5",
        "--bots",
        "random",
        "--log",
        p,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let good = std::fs::read_to_string(p).unwrap();
    let err_of = |name: &str, content: &str| {
        let f = scratch(name, content);
        let o = sevenw(&["replay", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", text(&o.stdout));
        text(&o.stderr)
    };
    // The wrong game in the header: the line, in the user's terms.
    let e = err_of("duel-header.log", &good.replace("game base", "game duel"));
    assert!(
        e.contains("duel-header.log:3:1]") && e.contains("2 players, not 3"),
        "{e}"
    );
    let e = err_of("nogame.log", &good.replace("game base", "game chess"));
    assert!(e.contains("nogame.log:2:1]"), "{e}");
    assert!(e.contains("unknown game `chess`"), "{e}");
    // Its score lines removed: refused, not passed with exit 0.
    let cut: String = good
        .lines()
        .filter(|l| !l.starts_with("score ") && !l.starts_with("result "))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = err_of("noscores.log", &cut);
    assert!(e.contains("incomplete"), "{e}");
    // A total changed: the result line.
    let lines: Vec<&str> = good.lines().collect();
    let result_line = lines.iter().position(|l| l.starts_with("result ")).unwrap() + 1;
    let e = err_of("total.log", &good.replace("\nscore 0 ", "\nscore 0 1"));
    assert!(e.contains(&format!("total.log:{result_line}:1]")), "{e}");
    // A decision cut short: where the log ends.
    let short: String = lines
        .iter()
        .filter(|l| !l.starts_with("result ") && !l.starts_with("score "))
        .take(20)
        .map(|l| format!("{l}\n"))
        .collect();
    let e = err_of("short.log", &short);
    assert!(e.contains("short.log:20:1]"), "{e}");
    assert!(e.contains("the log ends here"), "{e}");
}

#[test]
fn sim_reports_rates_scores_and_win_rates_whatever_the_threads() {
    let run = |threads: &str| {
        let out = sevenw(&[
            "sim",
            "--game",
            "base",
            "--players",
            "5",
            "--games",
            "150",
            "--seed",
            "7",
            "--json",
            "--bots",
            "random",
            "--threads",
            threads,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        // stderr is not a terminal here: no progress bar.
        assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let v = run("1");
    assert_eq!(v["game"], "base");
    assert_eq!(v["edition"], 1);
    assert_eq!(v["expansions"], serde_json::json!([]));
    assert_eq!(v["games"], 150);
    assert_eq!(v["players"], 5);
    assert_eq!(v["threads"], 1);
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    // The categories come in the game's order (the raw text tells).
    let raw = text(
        &sevenw(&[
            "sim",
            "--game",
            "base",
            "--players",
            "3",
            "--games",
            "2",
            "--seed",
            "7",
            "--json",
        ])
        .stdout,
    );
    let at = |k: &str| raw.find(&format!("\"{k}\":")).unwrap();
    let order = [
        "military",
        "treasury",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science",
        "total",
    ];
    assert!(order.windows(2).all(|w| at(w[0]) < at(w[1])), "{raw}");
    let total = v["average"]["total"].as_f64().unwrap();
    assert!(total > 20.0 && total < 120.0, "{total}");
    let rates = v["win_rate"].as_object().unwrap();
    assert_eq!(rates.len(), 7);
    assert!(
        rates
            .values()
            .all(|r| (0.0..=1.0).contains(&r.as_f64().unwrap()))
    );
    assert_eq!(v["victory"]["points"], 1.0);
    let seats: f64 = v["seat_win_rate"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((seats + v["shared"].as_f64().unwrap() - 1.0).abs() < 1e-3);
    // Two and three threads: the very same games.
    for threads in ["2", "3"] {
        let w = run(threads);
        for key in [
            "average",
            "win_rate",
            "victory",
            "seat_win_rate",
            "shared",
            "seat_average_total",
        ] {
            assert_eq!(v[key], w[key], "{key} with {threads} threads");
        }
    }

    let txt = sevenw(&[
        "sim",
        "--game",
        "base",
        "--players",
        "3",
        "--games",
        "1",
        "--bots",
        "random",
    ]);
    assert_eq!(txt.status.code(), Some(0));
    let s = text(&txt.stdout);
    assert!(s.starts_with("1 game of 7 Wonders, 3 players"), "{s}");
    assert!(
        s.contains("games/s") && s.contains("win rate per wonder"),
        "{s}"
    );
    assert!(s.contains("of 1 game\n"), "{s}");
}

/// A few games of the search bot, cut into chunks of one game each so
/// that both threads play: the same games on one thread and on two.
#[test]
fn sim_of_few_search_games_is_the_same_on_one_and_two_threads() {
    let run = |threads: &str| {
        let out = sevenw(&[
            "sim",
            "--game",
            "duel",
            "--games",
            "10",
            "--seed",
            "3",
            "--json",
            "--bots",
            "mcts:20",
            "--threads",
            threads,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one["games"], 10);
    assert_eq!(two["threads"], 2);
    for key in [
        "average",
        "win_rate",
        "victory",
        "seat_win_rate",
        "shared",
        "seat_average_total",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
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
    assert_eq!(v["victory"], "points");
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
    // A kind of target the game does not price is a usage mistake that
    // lists the game's own, with a suggestion.
    let out = sevenw(&["price", path, "--player", "Ana", "--target", "wonder=Giza"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("prices no `wonder` (it prices card=NAME, stage)"),
        "{err}"
    );
    let out = sevenw(&["price", path, "--player", "Ana", "--target", "stag"]);
    assert!(
        text(&out.stderr).contains("did you mean `stage`?"),
        "{}",
        text(&out.stderr)
    );
    let out = sevenw(&["price", path, "--player", "Ana", "--target", "card"]);
    assert!(
        text(&out.stderr).contains("`card` needs a name"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn sheets_from_standard_input() {
    let out = sevenw_in(&["score", "-", "--json"], SHEET);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let from_file = sevenw(&[
        "score",
        scratch("stdin.yaml", SHEET).to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.stdout, from_file.stdout);
    // A path read once: /dev/stdin works too.
    if std::path::Path::new("/dev/stdin").exists() {
        let out = sevenw_in(
            &["price", "/dev/stdin", "--player", "Ana", "--card", "Baths"],
            SHEET,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    let out = sevenw_in(&["score", "-"], "game: base\nplayers: [\n");
    assert_eq!(out.status.code(), Some(1));
    // Its code, its message, and the place in the standard input.
    let err = text(&out.stderr);
    assert!(err.starts_with("E0001"), "{err}");
    assert!(err.contains("[<stdin>:"), "{err}");
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
    let out = sevenw(&[
        "score",
        scratch("chess.yaml", "game: chess\nplayers: []\n")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("unknown game `chess`"), "{err}");
    assert!(
        err.contains("[") && err.contains("chess.yaml:1:7]"),
        "{err}"
    );
    assert!(err.contains("1 │ game: chess"), "{err}");
    let out = sevenw(&[
        "score",
        scratch("binary.yaml", "\u{0}\u{1}").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn text_from_files_is_escaped() {
    // An escape sequence in a card name and a player's name reaches the
    // terminal written out, not as control bytes.
    let evil = SHEET.replace("Lumber Yard", "\"Lumber\\e[2J Yard\"");
    let out = sevenw(&["score", scratch("evil.yaml", &evil).to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("\\u{1b}[2J"), "{err}");
    assert!(!out.stderr.contains(&0x1b), "raw ESC in {err:?}");
    let evil = SHEET.replace("name: Ana", "name: \"A\\u001bna\"");
    let out = sevenw(&["score", scratch("evil-name.yaml", &evil).to_str().unwrap()]);
    assert!(!out.stdout.contains(&0x1b) && !out.stderr.contains(&0x1b));
    let out = sevenw(&[
        "price",
        scratch("t.yaml", SHEET).to_str().unwrap(),
        "--player",
        "Z\u{1b}]0;x",
        "--stage",
    ]);
    assert!(!out.stderr.contains(&0x1b), "{}", text(&out.stderr));
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args([
            "play",
            "--game",
            "base",
            "--players",
            "7",
            "--seed",
            "1",
            "--bots",
            "random",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn readme_examples_hold() {
    let root = PathBuf::from(RUNTIME);
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
    let prefix = "$ cargo run -p sevenw -- ";
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

/// `sim --sheets FILE`: the final position of every game played, as a city
/// sheet with what `score --json` says of it; the same games as the
/// statistics (each seat's average total agrees).
#[test]
fn sim_writes_each_final_position_as_a_sheet() {
    let file = std::env::temp_dir().join(format!("sevenw-sheets-{}.jsonl", std::process::id()));
    for (game, players) in [
        ("base", Some("4")),
        ("duel", None),
        ("architects", Some("3")),
    ] {
        let mut args = vec![
            "sim", "--game", game, "--games", "12", "--seed", "3", "--json",
        ];
        if let Some(p) = players {
            args.extend(["--players", p]);
        }
        args.extend(["--sheets", file.to_str().unwrap()]);
        let out = sevenw(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let lines: Vec<serde_json::Value> = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 12, "{game}");
        let seats = lines[0]["score"]["players"].as_array().unwrap().len();
        let mut totals = vec![0.0; seats];
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["game"], i);
            let sheet = line["sheet"].as_str().unwrap();
            // The sheet scores as the line says, read by `score`.
            if i < 2 {
                let scored = sevenw_in(&["score", "-", "--json"], sheet);
                assert_eq!(scored.status.code(), Some(0), "{}", text(&scored.stderr));
                let v: serde_json::Value = serde_json::from_slice(&scored.stdout).unwrap();
                assert_eq!(v, line["score"], "{game} game {i}");
            }
            for (s, p) in line["score"]["players"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
            {
                totals[s] += p["total"].as_f64().unwrap();
            }
        }
        for (s, t) in totals.iter().enumerate() {
            let avg = stats["seat_average_total"][s].as_f64().unwrap();
            assert!(
                (t / 12.0 - avg).abs() < 0.051,
                "{game} seat {s}: {} vs {avg}",
                t / 12.0
            );
        }
    }
    let _ = std::fs::remove_file(&file);
}

#[test]
fn serve_says_where_it_listens_and_refuses_a_bad_address() {
    let help = text(&sevenw(&["serve", "--help"]).stdout);
    assert!(
        help.contains("0.0.0.0:7777") && help.contains("--db"),
        "{help}"
    );
    let out = sevenw(&["serve", "--addr", "localhost"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid socket address"),
        "{}",
        text(&out.stderr)
    );
    // Port 0: the real port is said.
    let dir = std::env::temp_dir().join(format!("sevenw-serve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("tables.sqlite");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("Serving playtest tables at http://127.0.0.1:")
            && !line.contains("127.0.0.1:0/")
            && line.contains("(games stored in "),
        "{line}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
