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

/// A top-level field of a test expansion's game.yaml, without comment.
fn field(expansion: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(expansion.join("game.yaml")).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .map(|g| g.split('#').next().unwrap_or("").trim().to_string())
}

/// The game a test expansion extends, and the expansion it names in
/// `extends:` when it extends one (`extends: relics` is the base game
/// with Relics).
fn extends(expansion: &Path) -> (String, Option<String>) {
    let named = field(expansion, "extends:").expect("a test expansion extends a game");
    if ["base", "duel", "architects"].contains(&named.as_str()) {
        return (named, None);
    }
    // An expansion: a test expansion's folder says what it extends; a
    // shipped one (Leaders) extends the base game.
    let cards = expansion.parent().expect("in cards/");
    let game = std::fs::read_dir(cards)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|d| field(d, "game:").as_deref() == Some(named.as_str()))
        .map_or("base".to_string(), |d| extends(&d).0);
    (game, Some(named))
}

/// The expansions a test expansion is played with (`with: [a, b]`, an
/// expansion it extends), then itself by its name (`game:`): the `--with`
/// that plays it.
fn played_with(expansion: &Path) -> String {
    let name = field(expansion, "game:").expect("a game.yaml names its set");
    let mut all: Vec<String> = field(expansion, "with:")
        .map(|w| {
            w.trim_matches(['[', ']'])
                .split(',')
                .map(|n| n.trim().to_string())
                .collect()
        })
        .unwrap_or_default();
    all.extend(extends(expansion).1);
    all.push(name);
    all.join(",")
}

/// 1,000 random games with each test expansion, at the fewest and most players
/// of its game, keep every invariant: its cards are spent, counted and
/// scored as the game's (an expansion of Architects once read its cards'
/// kinds through the composed game's effects, and spent none).
#[test]
fn games_with_every_test_expansion_keep_every_invariant() {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut runs = 0;
    for entry in std::fs::read_dir(&cards).unwrap() {
        let dir = entry.unwrap().path();
        let name = played_with(&dir);
        let (game, _) = extends(&dir);
        // An edition of an expansion plays with that edition of the game.
        let edition = field(&dir, "edition:").unwrap_or_else(|| "1".into());
        let counts: &[&str] = match game.as_str() {
            "base" => &["3", "7"],
            "architects" => &["2", "7"],
            "duel" => &["2"],
            _ => &[],
        };
        for players in counts {
            let (ok, text) = sevenw(&[
                "sim",
                "--game",
                &game,
                "--edition",
                &edition,
                "--with",
                &name,
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
            assert!(ok, "{name}, {players} players: {text}");
            assert!(text.contains("no violation"), "{text}");
            runs += 1;
        }
    }
    assert!(runs >= 5, "{runs} runs");
}

/// An expansion played with others needs them: named without them, it is
/// refused, saying which to add; one marked `automatic` joins without
/// being named whenever all it is played with are (its scenario,
/// `envoys-court/tests/`, names only Envoys and Leaders).
#[test]
fn an_expansion_played_with_others_needs_them_and_joins_them() {
    let (ok, text) = sevenw(&[
        "sim",
        "--game",
        "base",
        "--with",
        "envoys-court",
        "--games",
        "1",
    ]);
    assert!(!ok, "{text}");
    assert!(
        text.contains("`envoys-court` is played only with `envoys` and `leaders`"),
        "{text}"
    );
    // Named in any order, the same games: the court is dealt after both.
    let run = |with: &str| {
        sevenw(&[
            "sim",
            "--game",
            "base",
            "--with",
            with,
            "--players",
            "4",
            "--games",
            "50",
            "--bots",
            "random",
            "--seed",
            "3",
            "--threads",
            "1",
            "--json",
            "--check",
        ])
    };
    let (ok, a) = run("envoys,leaders");
    assert!(ok, "{a}");
    let (ok, b) = run("leaders,envoys-court,envoys");
    assert!(ok, "{b}");
    // Named or not, the court is in play, after the sets it is played with.
    let played: serde_json::Value = serde_json::from_str(&a).expect("sim --json");
    assert_eq!(
        played["expansions"],
        serde_json::json!(["envoys", "leaders", "envoys-court"]),
        "{a}"
    );
    let strip = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.contains("seconds") && !l.contains("games_per_sec"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&a), strip(&b));
}

/// An expansion of two editions (Relics: `relics`, `relics2`) plays the
/// edition that plays with the game's edition in play, under one name;
/// an expansion played with it (Relic hunters, `extends: relics`) follows
/// that edition, and is refused at an edition it has none for, saying
/// which edition plays it.
#[test]
fn an_expansion_of_two_editions_plays_with_each_edition_of_the_game() {
    let sim = |edition: &str, with: &str| {
        sevenw(&[
            "sim",
            "--game",
            "base",
            "--edition",
            edition,
            "--with",
            with,
            "--players",
            "3",
            "--games",
            "20",
            "--bots",
            "random",
            "--seed",
            "5",
            "--threads",
            "1",
            "--check",
            "--json",
        ])
    };
    for edition in ["1", "2"] {
        let (ok, text) = sim(edition, "relics");
        assert!(ok, "edition {edition}: {text}");
        let played: serde_json::Value = serde_json::from_str(&text).expect("sim --json");
        assert_eq!(
            played["expansions"],
            serde_json::json!(["relics"]),
            "{text}"
        );
        assert_eq!(
            played["edition"],
            serde_json::json!(edition.parse::<u8>().unwrap()),
            "{text}"
        );
    }
    // Its title is the edition's: the first with the first, the second with the second.
    let title = |edition: &str| {
        let (ok, text) = sevenw(&[
            "play",
            "--game",
            "base",
            "--edition",
            edition,
            "--with",
            "relics",
            "--players",
            "3",
            "--seed",
            "1",
        ]);
        assert!(ok, "{text}");
        text
    };
    let first = title("1");
    assert!(
        first.contains("Relics (first edition)") && !first.contains("second edition"),
        "{first}"
    );
    let second = title("2");
    assert!(second.contains("Relics (second edition)"), "{second}");
    // Relic hunters has a second edition only: refused with the first.
    let (ok, text) = sim("1", "relics,relic-hunters");
    assert!(!ok, "{text}");
    assert!(
        text.contains("`relic-hunters` has no edition played with edition 1 of `base`: its editions play with edition 2 of it (`--edition 2`)"),
        "{text}"
    );
    // With the second, it needs Relics, whose second edition it follows.
    let (ok, text) = sim("2", "relic-hunters");
    assert!(!ok, "{text}");
    assert!(
        text.contains("`relic-hunters` is played only with `relics`"),
        "{text}"
    );
    let (ok, text) = sim("2", "relic-hunters,relics");
    assert!(ok, "{text}");
    let played: serde_json::Value = serde_json::from_str(&text).expect("sim --json");
    assert_eq!(
        played["expansions"],
        serde_json::json!(["relics", "relic-hunters"]),
        "{text}"
    );
}

/// An expansion that changes the deal (Nightfall: an indigo card per player
/// drawn into each Age, 8-card hands, as Cities deals) plays 7 turns an
/// Age where the base game alone plays 6, its indigo cards among them.
#[test]
fn an_expansion_changes_the_deal() {
    let play = |with: &[&str]| {
        let mut args = vec!["play", "--game", "base", "--players", "3", "--seed", "1"];
        args.extend(with);
        let (ok, text) = sevenw(&args);
        assert!(ok, "{text}");
        text
    };
    let alone = play(&[]);
    assert!(
        alone.contains(" turn 6\n") && !alone.contains(" turn 7\n"),
        "{alone}"
    );
    let night = play(&["--with", "nightfall"]);
    assert!(
        night.contains(" turn 7\n") && !night.contains(" turn 8\n"),
        "{night}"
    );
    assert!(night.contains("Night "), "{night}");
}

/// The folders `sevenc new --extends GAME` makes (made by the build
/// script with its own code): each one's card set.
fn new_folders() -> Vec<(String, std::path::PathBuf)> {
    let out = Path::new(env!("SEVENW_NEW_FOLDERS"));
    ["base", "duel", "architects", "leaders", "pantheon", "agora"]
        .iter()
        .map(|g| {
            let name = format!("new{g}");
            (g.to_string(), out.join(&name).join("cards").join(&name))
        })
        .collect()
}

/// A designer's first folder, for each game with a template, holds one
/// thing of each kind its family deals, passes its scenario, and plays
/// 1,000 random games keeping every invariant.
#[test]
fn every_new_folder_passes_its_scenario_and_plays() {
    for (extends, set) in new_folders() {
        let name = set.file_name().unwrap().to_string_lossy().to_string();
        // A set extending Leaders is played with it, in the base game.
        let (game, with) = match extends.as_str() {
            "leaders" => ("base".to_string(), format!("leaders,{name}")),
            "pantheon" | "agora" => ("duel".to_string(), format!("{extends},{name}")),
            g => (g.to_string(), name.clone()),
        };
        let (ok, text) = sevenw(&["test", set.join("tests").to_str().unwrap()]);
        assert!(ok && text.contains(" passed, 0 failed"), "{game}: {text}");
        let players: &[&str] = match game.as_str() {
            "duel" => &["2"],
            "architects" => &["2", "7"],
            _ => &["3", "7"],
        };
        for p in players {
            let (ok, text) = sevenw(&[
                "sim",
                "--game",
                &game,
                "--with",
                &with,
                "--players",
                p,
                "--games",
                "1000",
                "--bots",
                "random",
                "--check",
                "--seed",
                "1",
                "--threads",
                "1",
            ]);
            assert!(
                ok && text.contains("no violation"),
                "{game}, {p} players: {text}"
            );
        }
    }
}

/// The JSON export of the shipped library with the test expansions, one
/// file per family, into `dir`: all of them, as the binary holds them (a
/// sheet lists the kinds of token of every set its family's tables hold).
fn export_ir(dir: &Path) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![manifest.join("../../cards")];
    let sets = std::fs::read_dir(manifest.join("cards")).unwrap();
    paths.extend(sets.map(|e| e.unwrap().path()));
    let compiled = sevenw_compiler::check(&paths);
    let library = compiled.library.expect("the card sets compile");
    std::fs::create_dir_all(dir).unwrap();
    for e in library.exports() {
        std::fs::write(dir.join(format!("{}.json", e.family)), e.to_json()).unwrap();
    }
}

/// The final positions of 300 random games of `game` with `expansion`,
/// written as sheets with the runtime's scores (`sim --sheets`), each
/// labelled with the expansion.
fn final_sheets(game: &str, expansion: &str, players: &str, dir: &Path) -> Vec<serde_json::Value> {
    // With the sets it is played with (Debts is played with Cities).
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let with = played_with(&cards.join(expansion));
    let args = ["--game", game, "--with", &with, "--players", players];
    sim_sheets(expansion, &args, &["--games", "300", "--seed", "5"], dir)
}

/// The final positions of random games (`sim` with `args` and `games`,
/// on one thread) as sheets with the runtime's scores, each labelled
/// `label`.
fn sim_sheets(label: &str, args: &[&str], games: &[&str], dir: &Path) -> Vec<serde_json::Value> {
    let sheets = dir.join(format!("{label}.jsonl"));
    let mut all = vec!["sim", "--bots", "random", "--threads", "1"];
    all.extend(args.iter().chain(games));
    all.extend(["--sheets", sheets.to_str().unwrap()]);
    let (ok, text) = sevenw(&all);
    assert!(ok, "{text}");
    (std::fs::read_to_string(&sheets).unwrap().lines())
        .map(|line| {
            let mut case: serde_json::Value = serde_json::from_str(line).unwrap();
            case["label"] = label.into();
            case
        })
        .collect()
}

/// `score.py --compare` over `cases`: its summary, once it found no
/// difference.
fn python_compares(ir: &Path, cases: &[serde_json::Value], dir: &Path) -> serde_json::Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = dir.join("cases.jsonl");
    let lines: Vec<String> = cases.iter().map(|c| c.to_string()).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let out = Command::new("python3")
        .arg(root.join("tests/ir-scorer/score.py"))
        .arg("--compare")
        .arg(ir)
        .arg(&path)
        .output()
        .expect("python3 runs");
    let said = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}\n{err}");
    let summary: serde_json::Value = serde_json::from_str(said.trim()).unwrap();
    assert_eq!(summary["differing"], 0, "{said}\n{err}");
    summary
}

/// A declared kind of token, and the options chosen for what offers a
/// choice (`one of`), are scored alike by the runtime and by the second
/// scorer that reads only the JSON export (`tests/ir-scorer`), in every
/// family: the final positions of 300 games with Debts (base, with Cities)
/// and with Ramparts (base: its stages built by level, `stages: [1, 3]`),
/// Tolls (Duel) and Ateliers (Architects), written as sheets with the
/// runtime's scores (`sim --sheets`), each scored again by `score.py`.
#[test]
fn the_python_scorer_agrees_on_declared_tokens() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tokens-scorer");
    let _ = std::fs::remove_dir_all(&tmp);
    let sets = [
        ("base", "debts", "4"),
        ("base", "ramparts", "3"),
        ("duel", "tolls", "2"),
        ("architects", "ateliers", "4"),
    ];
    export_ir(&tmp.join("ir"));
    let mut cases = Vec::new();
    for (game, expansion, players) in sets {
        let (mut held, mut chosen, mut by_level) = (0, 0, 0);
        for case in final_sheets(game, expansion, players, &tmp) {
            let sheet = case["sheet"].as_str().unwrap();
            // A city holding tokens: a `tokens:` line whose count is not 0.
            held += usize::from(
                sheet
                    .lines()
                    .any(|l| l.contains("tokens: {") && !l.trim_end().ends_with(": 0}")),
            );
            // Something built or taken with its second option (`one of`):
            // a card, or a stage (`options: [2]`).
            let stage_option = |l: &str| l.trim_start().starts_with("options:") && l.contains('2');
            chosen += usize::from(sheet.contains("option: 2}") || sheet.lines().any(stage_option));
            // Stages built by level, not the first ones.
            by_level += usize::from(sheet.contains("stages: ["));
            cases.push(case);
        }
        // The games hold tokens to score.
        assert!(held > 0, "no {expansion} token held in 300 games");
        if expansion == "ramparts" {
            // Its one choice is a second-level stage's, which random
            // players seldom reach; its stages are built out of order.
            assert!(by_level > 0, "no stages built out of order in 300 games");
        } else {
            assert!(
                chosen > 0,
                "no second option chosen in 300 {expansion} games"
            );
        }
    }
    let summary = python_compares(&tmp.join("ir"), &cases, &tmp);
    for (_, expansion, _) in sets {
        assert_eq!(summary["compared"][expansion], 300, "{summary}");
    }
}

/// Stages copied from the neighbours' boards (`copy stage`: Mimics' Echo
/// Fountain, Manneken Pis of cities-facts.md §10.3) are scored alike by
/// the runtime and by the second scorer, which copies them again as it
/// rebuilds each city from the stages a sheet lists: 300 games of 7
/// players, most with Echo Fountain at the table.
#[test]
fn the_python_scorer_agrees_on_copied_stages() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("copies-scorer");
    let _ = std::fs::remove_dir_all(&tmp);
    export_ir(&tmp.join("ir"));
    let cases = final_sheets("base", "mimics", "7", &tmp);
    let copied = (cases.iter())
        .filter(|c| c["sheet"].as_str().unwrap().contains("# stages copied"))
        .count();
    assert!(copied > 0, "no stage copied in 300 games");
    let summary = python_compares(&tmp.join("ir"), &cases, &tmp);
    assert_eq!(summary["compared"]["mimics"], 300, "{summary}");
}

/// Stonehenge's counts (cities-facts.md §10.2: stone symbols on brown
/// cards, the cards of the colour under a stage) are scored alike by the
/// runtime and by the second scorer, which reads only the JSON export and
/// the sheets: 300 games of Monoliths with its board at seat 1, side A or
/// B, written as sheets (`under` gives the colour of a card face up under
/// a stage), each scored again by `score.py`. A sheet missing that colour
/// is refused, saying what to give.
#[test]
fn the_python_scorer_agrees_on_stonehenge_counts() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stonehenge-scorer");
    let _ = std::fs::remove_dir_all(&tmp);
    export_ir(&tmp.join("ir"));
    let mut cases = Vec::new();
    for side in ["A", "B"] {
        let wonders = format!("Monolith:{side},Giza,Rhodes,Ephesus");
        let args = ["--game", "base", "--with", "monoliths", "--players", "4"];
        let games = [
            "--wonders",
            &wonders,
            "--games",
            "150",
            "--seed",
            "7",
            "--check",
        ];
        cases.extend(sim_sheets(
            &format!("monoliths {side}"),
            &args,
            &games,
            &tmp,
        ));
    }
    let face_up = (cases.iter())
        .filter(|c| c["sheet"].as_str().unwrap().contains("under: ["))
        .count();
    assert!(
        face_up > 0,
        "no stage built with its card face up in 150 games"
    );
    let summary = python_compares(&tmp.join("ir"), &cases, &tmp);
    for side in ["A", "B"] {
        assert_eq!(
            summary["compared"][format!("monoliths {side}")],
            150,
            "{summary}"
        );
    }
    // The colour under such a stage is the sheet's to give.
    let sheet = tmp.join("no-colour.yaml");
    std::fs::write(
        &sheet,
        "game: base\nexpansions: [monoliths]\nplayers:\n  - {name: Ana, wonder: Monolith, side: B, stages: 2}\n  - {name: Ben, wonder: Giza}\n  - {name: Cid, wonder: Rhodes}\n",
    )
    .unwrap();
    let (ok, text) = sevenw(&["score", sheet.to_str().unwrap()]);
    assert!(!ok, "{text}");
    assert!(
        text.contains("stage 2 of Ana's Monolith counts the cards of the colour under it: give that colour in `under`"),
        "{text}"
    );
}

/// A person at the table reads what each option of a `one of` does, in
/// the game's words: as a card's build (base) and as the choice asked once
/// a card is built (Duel). The first of a few seeds where the card comes
/// to the person (who always takes the first action offered) shows it.
#[test]
fn the_table_tells_what_each_option_does() {
    let cases = [
        (
            &["--game", "base", "--with", "cities,debts", "--players", "3"][..],
            "Moneylender choosing option 2 (gain 2 vp)",
        ),
        (
            &["--game", "duel", "--with", "tolls"][..],
            "choose option 2 of Toll House (opponent takes 2 toll tokens)",
        ),
    ];
    for (game, words) in cases {
        let mut seen = Vec::new();
        for seed in 1..=8 {
            let text = play_first_actions(game, seed);
            if text.contains(words) {
                break;
            }
            seen.push(text);
        }
        assert!(
            seen.len() < 8,
            "{game:?}: no `{words}` in 8 seeds; the last:\n{}",
            seen.last().unwrap()
        );
    }
}

/// What the terminal table prints to a person at seat 1 of `game` with
/// `seed` who always answers with the first action offered.
fn play_first_actions(game: &[&str], seed: u64) -> String {
    let seed = seed.to_string();
    let mut args = vec!["play", "--human", "1", "--seed", &seed, "--bots", "random"];
    args.extend_from_slice(game);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sevenw-trials"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the test binary runs");
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        for _ in 0..400 {
            if stdin.write_all(b"1\n").is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `price` says what a build costs in tokens of a declared kind, and why
/// a city holding too few cannot build it: a card (Favour Market, 2
/// favour tokens) and a stage (Counting House's first, 1 favour token and
/// the wood its board gives).
#[test]
fn price_tells_the_tokens_a_build_takes() {
    let sheet = |favour: i32| {
        format!(
            "game: base\nexpansions: [cities, debts]\nplayers:\n  \
             - {{name: Ana, wonder: Counting House, coins: 2, tokens: {{favour: {favour}}}}}\n  \
             - {{name: Ben, wonder: Rhodes}}\n  - {{name: Cid, wonder: Ephesus}}\n"
        )
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("price-tokens");
    std::fs::create_dir_all(&dir).unwrap();
    let price = |favour: i32, what: &[&str]| {
        let path = dir.join(format!("favour-{favour}.yaml"));
        std::fs::write(&path, sheet(favour)).unwrap();
        let mut args = vec!["price", path.to_str().unwrap(), "--player", "Ana"];
        args.extend_from_slice(what);
        sevenw(&args)
    };
    let (_, text) = price(1, &["--card", "Favour Market"]);
    assert!(
        text.contains("Ana cannot pay Favour Market: it takes 2 favour tokens and Ana holds 1"),
        "{text}"
    );
    let (ok, text) = price(3, &["--card", "Favour Market"]);
    assert!(
        ok && text.contains("Ana can build Favour Market for 2 favour tokens"),
        "{text}"
    );
    let (ok, text) = price(1, &["--stage"]);
    assert!(
        ok && text.contains("stage 1 of Counting House for 1 favour token"),
        "{text}"
    );
}

/// A stage built out of order on a side with levels (Ramparts' Rampart A,
/// four stages of level 1) is a move of its own in a replay log: its words
/// name the stage, and the log plays back. Random games of seat 0 on the
/// Rampart, the first seed whose first stage built is not the first.
#[test]
fn a_stage_chosen_by_level_replays() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ramparts-logs");
    std::fs::create_dir_all(&dir).unwrap();
    let mut found = None;
    for seed in 1..=30 {
        let log = dir.join(format!("seed-{seed}.log"));
        let (ok, text) = sevenw(&[
            "play",
            "--with",
            "ramparts",
            "--players",
            "3",
            "--seed",
            &seed.to_string(),
            "--bots",
            "random",
            "--wonders",
            "Rampart:A,Giza,Rhodes",
            "--log",
            log.to_str().unwrap(),
        ]);
        assert!(ok, "{text}");
        let written = std::fs::read_to_string(&log).unwrap();
        let first = written
            .lines()
            .find(|l| l.starts_with("move 0 ") && l.contains(" wonder stage "));
        if first.is_some_and(|l| !l.contains(" wonder stage 1 with ")) {
            found = Some((log, written));
            break;
        }
    }
    let (log, written) = found.expect("a first stage other than the first in 30 seeds");
    let (ok, text) = sevenw(&["replay", log.to_str().unwrap()]);
    assert!(ok, "{text}\n{written}");
}
