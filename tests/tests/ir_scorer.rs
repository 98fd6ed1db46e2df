//! The second implementation of scoring (issue 38): `tests/ir-scorer/score.py`
//! reads only the JSON export of the card data (`sevenc gen --format json`)
//! and a city sheet, and must score it as `sevenw score --json` does,
//! category by category, winners and victory included. It is given every
//! shipped sheet and the final position of 1,000 seeded games of each
//! variant of the base game (both editions, with Leaders, with Edifice,
//! with both, with Cities in each edition, with the Wonder Pack, with all
//! four), of Duel alone and with Pantheon, and of Architects (2 to 7
//! players), written as
//! sheets by the runtime; this test prints how many positions it compared
//! per variant and fails on any difference or any sheet refused.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use sevenw_runtime::bots::{BotKind, Judge, table};
use sevenw_runtime::game::{Setup, play_out};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::games::duel::Duel;
use sevenw_runtime::sheet::{ScoreReport, Sheets};

/// Seeded games per variant.
const GAMES: u64 = 1000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The shipped library's export, one FAMILY.json per family, in `dir`.
fn export(dir: &Path) {
    let compiled = sevenw_compiler::check(&[root().join("cards")]);
    let library = compiled.library.expect("the shipped library compiles");
    std::fs::create_dir_all(dir).unwrap();
    for e in library.exports() {
        std::fs::write(dir.join(format!("{}.json", e.family)), e.to_json()).unwrap();
    }
}

/// `sevenw score --json` of a sheet: the game it names, its rules, the report.
fn sevenw_score(text: &str) -> Value {
    let info = sevenw_runtime::doc::select_of(sevenw_cards::GAMES, text, "sheet")
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let g = sevenw_runtime::games::rules_for(info).expect("rules");
    let report =
        (g.sheets().expect("sheets").score(text)).unwrap_or_else(|e| panic!("{e}\n{text}"));
    serde_json::from_str(&report.to_json()).unwrap()
}

fn case(label: &str, sheet: &str, score: Value) -> String {
    let mut line = json!({ "label": label, "sheet": sheet, "score": score }).to_string();
    line.push('\n');
    line
}

/// The final positions of `GAMES` seeded games of `g` (greedy bots; the
/// player counts of `players` in turn), as sheets with the runtime's scores
/// of them.
fn seeded<G>(label: &str, g: &G, players: &[Option<usize>], out: &mut String)
where
    G: Sheets + Judge + 'static,
{
    for i in 0..GAMES {
        let seed = 38_000 + i;
        let n = players[i as usize % players.len()];
        let setup = Setup {
            players: n,
            ..Setup::seeded(seed)
        };
        let mut state = g.start(&setup).expect("set-up");
        let seats = g.seats(&state);
        let mut bots = table::<G>(&vec![BotKind::Greedy; seats], seed);
        play_out(g, &mut state, &mut bots, &mut ()).expect("a game plays out");
        let names: Vec<String> = (1..=seats).map(|p| format!("P{p}")).collect();
        let sheet = g.write_sheet(&state, &names);
        // What `sevenw score` says of the sheet, as the command reads it.
        let read = g.read_sheet(&sheet).expect("the sheet reads back");
        let report = ScoreReport::new(g, &g.outcome(&read.state), &read.names);
        let score: Value = serde_json::from_str(&report.to_json()).unwrap();
        // The command's way (the game looked up from the sheet, its rules
        // made anew) gives the same, shown on the first games (making the
        // rules of a game for every sheet would double the test's time).
        if i < 20 {
            assert_eq!(score, sevenw_score(&sheet), "{label} game {i}");
        }
        out.push_str(&case(label, &sheet, score));
    }
}

fn base(edition: u8, with: &[&str]) -> Base {
    let info =
        sevenw_runtime::select(sevenw_cards::GAMES, "base", Some(edition), with).expect("compiled");
    Base::new(info).expect("rules")
}

#[test]
fn the_python_scorer_agrees_with_sevenw_score() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ir-scorer");
    let _ = std::fs::remove_dir_all(&tmp);
    let ir = tmp.join("ir");
    export(&ir);
    let mut cases = String::new();
    // Every shipped sheet.
    let mut sheets: Vec<PathBuf> = std::fs::read_dir(root().join("runtime/sheets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    sheets.sort();
    for p in &sheets {
        let text = std::fs::read_to_string(p).unwrap();
        cases.push_str(&case("shipped sheets", &text, sevenw_score(&text)));
    }
    let variants: [(&str, u8, &[&str]); 10] = [
        ("base", 1, &[]),
        ("base edition 2", 2, &[]),
        ("base + leaders", 1, &["leaders"]),
        ("base + edifice", 1, &["edifice"]),
        ("base edition 2 + leaders", 2, &["leaders"]),
        (
            "base edition 2 + leaders + edifice",
            2,
            &["leaders", "edifice"],
        ),
        ("base + cities", 1, &["cities"]),
        ("base edition 2 + cities", 2, &["cities"]),
        ("base + wonder pack", 1, &["wonder-pack"]),
        (
            "base + cities + leaders + edifice + wonder pack",
            1,
            &["cities", "leaders", "edifice", "wonder-pack"],
        ),
    ];
    let counts: Vec<Option<usize>> = (3..=7).map(Some).collect();
    for (label, edition, with) in variants {
        seeded(label, &base(edition, with), &counts, &mut cases);
    }
    let duel = Duel::new(sevenw_cards::game("duel").expect("compiled")).expect("rules");
    seeded("duel", &duel, &[None], &mut cases);
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, &["pantheon"]);
    let pantheon = Duel::new(info.expect("compiled")).expect("rules");
    seeded("duel + pantheon", &pantheon, &[None], &mut cases);
    for (label, with) in [
        ("duel + agora", &["agora"][..]),
        ("duel + pantheon + agora", &["pantheon", "agora"]),
    ] {
        let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, with);
        let d = Duel::new(info.expect("compiled")).expect("rules");
        seeded(label, &d, &[None], &mut cases);
    }
    let architects =
        Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules");
    let counts: Vec<Option<usize>> = (2..=7).map(Some).collect();
    seeded("architects", &architects, &counts, &mut cases);
    let path = tmp.join("cases.jsonl");
    std::fs::write(&path, &cases).unwrap();
    let out = Command::new("python3")
        .arg(root().join("tests/ir-scorer/score.py"))
        .arg("--compare")
        .arg(&ir)
        .arg(&path)
        .output()
        .expect("python3 runs (CI has Python 3.11)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}{stderr}");
    assert!(out.status.success(), "the scorers differ:\n{stderr}");
    let summary: Value = serde_json::from_str(stdout.trim()).expect("the summary");
    assert_eq!(summary["differing"], 0);
    for label in variants.iter().map(|v| v.0).chain([
        "duel",
        "duel + pantheon",
        "duel + agora",
        "duel + pantheon + agora",
        "architects",
    ]) {
        assert_eq!(summary["compared"][label], GAMES, "{label}: {summary}");
    }
    assert_eq!(
        summary["compared"]["shipped sheets"],
        sheets.len(),
        "{summary}"
    );
    assert_eq!(summary["refused"], json!({}), "{summary}");
}
