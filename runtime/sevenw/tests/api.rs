//! The command line's typed functions (`sevenw_cli::api`) are its
//! commands: `sim` and `balance` return the reports that `sevenw sim
//! --json` and `sevenw balance` write, played in one go or in parts, with
//! the command line's messages for a bad run.

mod common;

use common::{sevenw, text};
use serde_json::Value;
use sevenw_cli::api;
use sevenw_runtime::games::Library;

fn library() -> Library<'static> {
    // As `sevenw` does: its learned bots' weights too.
    sevenw_cli::ship_weights(sevenw_cards::WEIGHTS);
    Library::shipped(sevenw_cards::GAMES)
}

/// A document without its timings, which differ from run to run.
fn untimed(mut v: Value) -> Value {
    for key in ["seconds", "games_per_sec"] {
        v.as_object_mut().expect("an object").remove(key);
    }
    v
}

const RUN: [&str; 8] = [
    "--game",
    "base",
    "--players",
    "4",
    "--seed",
    "7",
    "--games",
    "12",
];

#[test]
fn sim_is_the_command_lines_json() {
    let mut args = vec!["sim", "--json", "--bots", "random,greedy,random,greedy"];
    args.extend(RUN);
    let out = sevenw(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let cli: Value = serde_json::from_str(&text(&out.stdout)).unwrap();

    let mut mine: Vec<&str> = RUN.to_vec();
    mine.extend(["--bots", "random,greedy,random,greedy"]);
    let run = api::sim_run(&library(), &mine).unwrap();
    let report = api::sim(&*run.game, &run.options).unwrap();
    assert_eq!(report.games, 12);
    let typed: Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(untimed(typed), untimed(cli.clone()));

    // In parts, merged: the same report.
    let parts: Vec<String> = sevenw_runtime::sim::plan(12)
        .into_iter()
        .map(|r| api::sim_part(&*run.game, &run.options, r).unwrap())
        .collect();
    let merged = api::sim_merge(&*run.game, &run.options, &parts, 1.0).unwrap();
    let merged: Value = serde_json::from_str(&merged.to_json()).unwrap();
    assert_eq!(untimed(merged), untimed(cli));
}

#[test]
fn balance_is_the_command_lines_report() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenw-api-balance");
    let _ = std::fs::remove_dir_all(&dir);
    let mut args = vec!["balance", "--out", dir.to_str().unwrap()];
    args.extend(RUN);
    let out = sevenw(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let cli: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();

    let run = api::balance_run(&library(), &RUN).unwrap();
    let opts = api::BalanceOptions::from(run.options.clone());
    let report = api::balance(&*run.game, &opts).unwrap();
    assert_eq!(report.games, 12);
    let typed: Value = serde_json::from_str(&api::report_json(&report).unwrap()).unwrap();
    // Without `--bots`, both play the learned bot the library ships for it.
    assert_eq!(
        cli["bots"],
        serde_json::json!(["learned", "learned", "learned", "learned"])
    );
    assert_eq!(untimed(typed), untimed(cli.clone()));

    // Written as the command line writes it.
    let mine = dir.join("typed");
    api::write_report(&report, &mine).unwrap();
    let written = std::fs::read_to_string(mine.join("report.json")).unwrap();
    assert_eq!(written, api::report_json(&report).unwrap());
    assert!(mine.join("report.html").is_file());

    let parts: Vec<String> = sevenw_runtime::sim::plan(12)
        .into_iter()
        .map(|r| api::balance_part(&*run.game, &run.options, r).unwrap())
        .collect();
    let merged = api::balance_merge(&*run.game, &run.options, &parts, 1.0).unwrap();
    let merged: Value = serde_json::from_str(&api::report_json(&merged).unwrap()).unwrap();
    assert_eq!(untimed(merged), untimed(cli));
}

#[test]
fn a_bad_run_is_the_command_lines_message() {
    let e = api::sim_run(&library(), &["--game", "base", "--games", "0"])
        .err()
        .unwrap();
    assert!(e.usage);
    let out = sevenw(&["sim", "--game", "base", "--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(&e.message), "{}", e.message);

    // Options the game refuses, given to the typed function itself: the
    // message the command line gives them.
    let base = ["--game", "base", "--players", "3", "--games", "1"];
    let run = api::sim_run(&library(), &base).unwrap();
    let mut opts = run.options.clone();
    opts.setup.options = vec![("nope".to_string(), "1".to_string())];
    let e = api::sim(&*run.game, &opts).unwrap_err();
    assert!(e.usage);
    let out = sevenw(&[&["sim"][..], &base, &["--option", "nope=1"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(&e.message), "{}", e.message);
}
