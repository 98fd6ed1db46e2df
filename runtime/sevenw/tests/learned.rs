//! `--bots learned` from the command line: every weights file the card
//! library ships (`cards/bots/`) plays the selection it names with today's
//! cards; weights named in `SEVENW_WEIGHTS` but trained for other cards
//! are refused with the command that trains them; `balance` plays the
//! learned bot by default where weights exist, and says so.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::sevenw;
use safetensors::tensor::{Dtype, TensorView, serialize};
use sevenw_runtime::learned::{FORMAT, read_meta, weights_in};

fn library_bots() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards/bots")
}

/// The shipped weights files, in name order.
fn shipped() -> Vec<PathBuf> {
    weights_in(&library_bots())
}

/// The `sevenw` arguments selecting what a weights file's training
/// selection names (`selection_args`, written by `python -m sevenw.train`).
fn selection_args(file: &Path) -> Vec<String> {
    let bytes = std::fs::read(file).unwrap();
    let (_, meta) = safetensors::SafeTensors::read_metadata(&bytes).unwrap();
    let map = meta.metadata().as_ref().expect("metadata");
    let sel: serde_json::Value = serde_json::from_str(&map["selection_args"]).unwrap();
    let mut args = Vec::new();
    if let Some(g) = sel["game"].as_str() {
        args.extend(["--game".to_string(), g.to_string()]);
    }
    if let Some(e) = sel["edition"].as_u64() {
        args.extend(["--edition".to_string(), e.to_string()]);
    }
    if let Some(p) = sel["players"].as_u64() {
        args.extend(["--players".to_string(), p.to_string()]);
    }
    if let Some(w) = sel["expansions"].as_array() {
        let names: Vec<&str> = w.iter().filter_map(|x| x.as_str()).collect();
        args.extend(["--with".to_string(), names.join(",")]);
    }
    args
}

#[test]
fn every_shipped_weights_file_plays_its_selection_with_todays_cards() {
    let files = shipped();
    assert_eq!(
        files.len(),
        sevenw_cards::WEIGHTS.len(),
        "the binary ships every file of cards/bots/"
    );
    for file in files {
        let meta = read_meta(&std::fs::read(&file).unwrap()).unwrap();
        let mut args: Vec<String> = vec!["sim".into()];
        args.extend(selection_args(&file));
        args.extend(["--bots", "learned", "--games", "4", "--seed", "3"].map(String::from));
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = sevenw(&a);
        assert!(
            out.status.success(),
            "{} ({}) no longer plays: {}\nRetrain it with: {} --out {}",
            file.display(),
            meta.selection,
            String::from_utf8_lossy(&out.stderr),
            meta.command,
            file.display()
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("bots learned"), "{stdout}");
    }
}

/// A weights file whose metadata names `selection` and `fingerprint`,
/// with one tiny layer (never read: its fingerprint is refused first).
fn stale(dir: &Path, selection: &str, fingerprint: &str) -> PathBuf {
    let data = vec![0u8; 8];
    let meta = HashMap::from([
        ("format".to_string(), FORMAT.to_string()),
        ("selection".to_string(), selection.to_string()),
        ("players".to_string(), "7".to_string()),
        ("fingerprint".to_string(), fingerprint.to_string()),
        ("observation_len".to_string(), "1".to_string()),
        ("num_actions".to_string(), "2".to_string()),
    ]);
    let views = vec![(
        "policy.weight".to_string(),
        TensorView::new(Dtype::F32, vec![2, 1], &data).unwrap(),
    )];
    let path = dir.join(format!("{fingerprint}.safetensors"));
    std::fs::write(&path, serialize(views, Some(meta)).unwrap()).unwrap();
    path
}

#[test]
fn weights_trained_for_other_cards_are_refused_with_the_command_that_trains_them() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenw-learned");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let words = "7 Wonders, 7 players, with Edifice and Leaders (second edition)";
    let file = stale(&dir, words, "0123456789abcdef");
    let other = stale(&dir, "7 Wonders Duel", "fedcba9876543210");
    let joined = std::env::join_paths([&file, &other]).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args([
            "play",
            "--game",
            "base",
            "--players",
            "7",
            "--with",
            "leaders,edifice",
        ])
        .args(["--bots", "learned", "--seed", "1"])
        .env("SEVENW_WEIGHTS", &joined)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("no learned weights play {words}")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "`{}` was trained for {words} with other cards (fingerprint 0123456789abcdef): the card set changed since",
            file.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "`{}` plays 7 Wonders Duel, not this game",
            other.display()
        )),
        "{err}"
    );
    assert!(
        err.contains("`python -m sevenw.train --game base --players 7 --with edifice,leaders --out weights.safetensors`"),
        "{err}"
    );
}

#[test]
fn balance_plays_the_learned_bot_by_default_where_weights_exist() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenw-learned-balance");
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_sevenw"))
            .arg("balance")
            .args(args)
            .args(["--games", "8", "--seed", "2", "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let duel = shipped()
        .iter()
        .any(|f| selection_args(f) == ["--game", "duel"]);
    assert!(duel, "the library ships weights for Duel");
    let out = run(&["--game", "duel"]);
    assert!(out.contains("bots learned,learned"), "{out}");
    // No weights ship for Architects at 7 players: the greedy bot plays.
    let out = run(&["--game", "architects", "--players", "7"]);
    assert!(out.contains("bots greedy,greedy,greedy"), "{out}");
}
