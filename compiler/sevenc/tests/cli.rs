//! The `sevenc` command line: exit codes, summary, JSON lines, explain, gen.

use std::path::PathBuf;
use std::process::Command;

fn sevenc(args: &[&str]) -> (i32, String, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_sevenc"))
        .args(args)
        .current_dir(&root)
        .env("NO_COLOR", "1")
        .output()
        .expect("sevenc runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_the_shipped_library_by_default() {
    let (code, out, _) = sevenc(&["check"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("base (7 Wonders): 78 cards (75 names; printed Age I: 49, Age II: 49, Age III: 50), 7 wonders, 14 sides"), "{out}");
    assert!(out.ends_with("0 error(s), 0 warning(s)\n"), "{out}");
}

#[test]
fn the_summary_counts_one_card_in_the_singular() {
    // `sevenc new`'s expansion, its Age I card and its wonder taken out:
    // one card.
    let dir = std::env::temp_dir().join(format!("sevenc-one-card-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("harbours");
    let (code, _, err) = sevenc(&["new", folder.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let cards = folder.join("cards");
    for file in ["age1.yaml", "wonders.yaml"] {
        std::fs::remove_file(cards.join("harbours").join(file)).unwrap();
    }
    let (code, out, _) = sevenc(&["check", "cards", cards.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("harbours, an expansion of base (Harbours): 1 card (1 name; printed Age I: 0, Age II: 0, Age III: 1), 0 wonders"),
        "{out}"
    );
}

/// `sevenc` run in `dir`.
#[test]
fn the_summary_counts_the_cards_a_kinds_places_lays_on_boards() {
    // The E0302 fixture made right: omens lay relics, a colour no fill
    // names, on the shrine; its spirits fill it. Both are on boards.
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/diag/e0302-token-places");
    let dir = std::env::temp_dir().join(format!("sevenc-places-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let shrines = dir.join("shrines");
    std::fs::create_dir_all(&shrines).unwrap();
    let game = std::fs::read_to_string(fixture.join("shrines/game.yaml")).unwrap();
    let game = game
        .replace("colours: [spirit]", "colours: [spirit, relic]")
        .replace(
            "draw: 0, colour: sprit, board: shrin",
            "draw: 2, colour: relic, board: shrine",
        );
    std::fs::write(shrines.join("game.yaml"), game).unwrap();
    let cards = std::fs::read_to_string(fixture.join("shrines/spirits.yaml")).unwrap();
    let relic = "  - name: Relic\n    colour: relic\n    effect: gain 1 coin\n";
    std::fs::write(shrines.join("spirits.yaml"), cards + relic).unwrap();
    let pair = fixture.join("pair");
    let (code, out, _) = sevenc(&["check", pair.to_str().unwrap(), shrines.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("shrines, an expansion of pair (Shrines): 2 cards (on boards: 2),"),
        "{out}"
    );
}

fn sevenc_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sevenc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("sevenc runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_without_arguments_in_a_new_folder_checks_it_against_its_game() {
    let dir = std::env::temp_dir().join(format!("sevenc-check-here-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("harbours");
    let (code, out, err) = sevenc(&["new", folder.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n  sevenc check\n"), "{out}");
    let (code, out, _) = sevenc_in(&folder, &["check"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("checked cards, with the game extended from "),
        "{out}"
    );
    assert!(out.contains("harbours, an expansion of base"), "{out}");
    assert!(out.ends_with("0 error(s), 0 warning(s)\n"), "{out}");
    // A game that is nowhere: the help says where it was looked for and
    // what to do, with the shipped games.
    let game = folder.join("cards/harbours/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, text.replace("extends: base", "extends: chess")).unwrap();
    let (code, out, _) = sevenc_in(&folder, &["check"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`harbours` extends `chess`"), "{out}");
    assert!(out.contains("beside the expansion's"), "{out}");
    assert!(out.contains("architects, base, duel"), "{out}");
    assert!(
        out.contains("sevenc check PATH/TO/chess PATH/TO/harbours"),
        "{out}"
    );
}

#[test]
fn errors_exit_1_and_json_lines_carry_positions() {
    let (code, out, err) = sevenc(&[
        "check",
        "tests/fixtures/gen/mini",
        "compiler/tests/no-such-dir",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains("\"code\":\"E0301\""), "{out}");
    assert!(err.contains("1 error(s)"), "{err}");
}

#[test]
fn json_lines_carry_the_related_places() {
    // E0201 points at the card defined again and at its first definition.
    let (code, out, _) = sevenc(&[
        "check",
        "tests/fixtures/diag/e0201-duplicate-card",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let d: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(d["code"], "E0201", "{out}");
    let related = d["related"].as_array().expect("a list of related places");
    assert_eq!(related.len(), 1, "{out}");
    assert_eq!(related[0]["label"], "first defined here", "{out}");
    assert!(
        related[0]["file"]
            .as_str()
            .is_some_and(|f| f.ends_with(".yaml")),
        "{out}"
    );
    assert!(related[0]["line"].as_u64().is_some_and(|l| l >= 1), "{out}");
    assert!(related[0]["span"]["start"].is_u64(), "{out}");
}

#[test]
fn bad_command_lines_exit_2() {
    assert_eq!(sevenc(&[]).0, 2);
    assert_eq!(sevenc(&["frobnicate"]).0, 2);
    assert_eq!(sevenc(&["check", "--format", "xml"]).0, 2);
    assert_eq!(sevenc(&["check", "--bogus"]).0, 2);
    assert_eq!(sevenc(&["gen", "-o"]).0, 2);
    assert_eq!(sevenc(&["explain"]).0, 2);
    assert_eq!(sevenc(&["explain", "E9999"]).0, 2);
}

#[test]
fn explain_prints_the_long_text() {
    let (code, out, _) = sevenc(&["explain", "e0104"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("E0104 (error)\n\nThe effect or trigger exists in the language but this game does not allow it."), "{out}");
}

#[test]
fn explain_knows_the_codes_of_documents() {
    let (code, out, err) = sevenc(&["explain", "S0003"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("S0003 (error)\n\nA document gives a value the rules refuse"),
        "{out}"
    );
    // Its example, wrong then right, as a card code's.
    let wrong = out.find("For example, this is wrong").expect(&out);
    let right = out.find("and this is right").expect(&out);
    assert!(wrong < right, "{out}");
    assert!(
        out[wrong..right].contains("      cards: [Clay Pool]\n"),
        "{out}"
    );
    assert!(
        out[right..].contains("      cards: [Glassworks]\n"),
        "{out}"
    );
    for c in ["s0001", "S0002", "S0004", "S0005"] {
        let (code, out, err) = sevenc(&["explain", c]);
        assert_eq!(code, 0, "{c}: {err}");
        assert!(
            out.starts_with(&format!("{} (error)\n\n", c.to_uppercase())),
            "{out}"
        );
        assert!(out.contains("\nand this is right"), "{c}: {out}");
    }
    // The codes shared with card files say that documents use them too.
    let (_, out, _) = sevenc(&["explain", "E0001"]);
    assert!(out.contains("`sevenc explain S0001`"), "{out}");
    // An unknown code fails as an unknown card code does, with the nearest
    // code and every code.
    for (typo, near) in [("S003", "S0003"), ("s0O05", "S0005"), ("E010l", "E0101")] {
        let (code, out, err) = sevenc(&["explain", typo]);
        assert_eq!(code, 2, "{typo}: {out}");
        assert!(
            err.contains(&format!(
                "no diagnostic has the code `{typo}`; did you mean `{near}`?"
            )),
            "{err}"
        );
        assert!(err.contains("S0001, S0002, S0003, S0004, S0005"), "{err}");
        assert!(err.contains("E0001, E0002"), "{err}");
    }
    let (code, _, err) = sevenc(&["explain", "S9999"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no diagnostic has the code `S9999`\n"),
        "{err}"
    );
}

#[test]
fn gen_prints_the_code_the_build_includes() {
    let (code, out, _) = sevenc(&["gen", "tests/fixtures/gen/mini"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("// @generated by sevenc"));
    assert!(out.contains("pub static GAMES: &[&::sevenw_host::GameInfo] = &[&mini::GAME];"));
    let (code, _, err) = sevenc(&["gen", "tests/fixtures/no-such"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn gen_json_writes_one_document_per_family() {
    let (code, out, err) = sevenc(&["gen", "--format", "json", "tests/fixtures/gen/mini"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["ir_version"], sevenw_compiler::ir::IR_VERSION);
    assert_eq!(v["games"][0]["name"], "mini");
    assert!(
        v["games"][0]["cards"]
            .as_array()
            .is_some_and(|c| !c.is_empty())
    );
    // The same bytes each time.
    assert_eq!(
        sevenc(&["gen", "--format", "json", "tests/fixtures/gen/mini"]).1,
        out
    );
    // Several families: one file each, or a usage error.
    let (code, _, err) = sevenc(&["gen", "--format", "json", "cards"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("3 game families (architects, base, duel)"),
        "{err}"
    );
    let dir = std::env::temp_dir().join(format!("sevenc-ir-{}", std::process::id()));
    let (code, _, err) = sevenc(&[
        "gen",
        "--format",
        "json",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Duel's family: the game and its expansions.
    let (_, duel, _) = sevenc(&[
        "gen",
        "--format",
        "json",
        "cards/agora",
        "cards/duel",
        "cards/pantheon",
        "cards/pantheon-agora",
    ]);
    assert_eq!(
        std::fs::read_to_string(dir.join("duel.json")).unwrap(),
        duel
    );
    assert!(dir.join("base.json").is_file() && dir.join("architects.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(sevenc(&["gen", "--out-dir", "x"]).0, 2);
    // The schema of the export.
    let (code, schema, _) = sevenc(&["schema", "ir"]);
    assert_eq!(code, 0);
    assert_eq!(schema, sevenw_compiler::ir::Export::schema_text());
}

#[test]
fn a_new_card_set_exports_as_the_shipped_ones() {
    let dir = std::env::temp_dir().join(format!("sevenc-ir-new-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("harbours");
    let (code, _, err) = sevenc(&["new", folder.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // In the folder, no argument: its `cards/`, checked against base.
    let (code, out, err) = sevenc_in(&folder, &["gen", "--format", "json"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["family"], "base");
    assert_eq!(v["games"][0]["name"], "harbours");
    assert_eq!(v["games"][0]["extends"], "base");
    assert_eq!(v["games"][0]["cards"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["games"][0]["wonders"].as_array().map(Vec::len), Some(1));
}

/// `sevenc` with `args` and the environment changed by `env` (`None` removes).
fn sevenc_env(args: &[&str], env: &[(&str, Option<&str>)]) -> (i32, String, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sevenc"));
    cmd.args(args).current_dir(&root);
    for (k, v) in env {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    let out = cmd.output().expect("sevenc runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_has_help_with_the_exit_codes() {
    for cmd in ["check", "gen", "explain", "schema", "lsp", "completions"] {
        let (code, out, err) = sevenc(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd} --help: {err}");
        assert!(out.contains(&format!("Usage: sevenc {cmd}")), "{out}");
        assert!(out.contains("Exit codes:"), "{cmd}: {out}");
        let (code, short, _) = sevenc(&["help", cmd]);
        assert_eq!(code, 0);
        assert_eq!(
            short, out,
            "`sevenc help {cmd}` and `sevenc {cmd} --help` differ"
        );
    }
    let (code, out, _) = sevenc(&["--help"]);
    assert_eq!(code, 0);
    for line in [
        "  1  bad input: the card set has an error",
        "  2  usage error",
        "check",
        "completions",
    ] {
        assert!(out.contains(line), "no {line:?} in:\n{out}");
    }
}

#[test]
fn version_names_the_package_version() {
    let (code, out, _) = sevenc(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("sevenc {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn completions_are_scripts_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _sevenc"),
        ("zsh", "#compdef sevenc"),
        ("fish", "complete -c sevenc"),
    ] {
        let (code, out, err) = sevenc(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(out.contains(marker), "{shell}: no {marker:?}");
        for word in ["check", "explain", "format"] {
            assert!(out.contains(word), "{shell}: the script misses {word}");
        }
    }
}

#[test]
fn usage_errors_exit_2_with_clap_messages() {
    for args in [
        &["check", "--color", "purple"][..],
        &["completions", "tcsh"],
        &["completions"],
        &["explain", "E0101", "E0102"],
        &["gen", "--format", "json"],
    ] {
        let (code, out, err) = sevenc(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: usage errors go to stderr");
    }
    let (_, _, err) = sevenc(&["explain", "E9999"]);
    assert!(err.contains("no diagnostic has the code `E9999`"), "{err}");
}

const ESC: &str = "\u{1b}[";

#[test]
fn colour_follows_the_choice_and_no_color_through_a_pipe() {
    let fixture = "tests/fixtures/diag/e0102-unknown-resource";
    let run = |colour: &str, no_color: Option<&str>| {
        let (code, out, _) = sevenc_env(
            &["check", fixture, "--color", colour],
            &[("NO_COLOR", no_color)],
        );
        assert_eq!(code, 1);
        assert!(out.contains("unknown resource `wod`"), "{out}");
        out.contains(ESC)
    };
    // stdout is a pipe here: `auto` never colours it.
    assert!(!run("auto", None));
    assert!(!run("auto", Some("1")));
    assert!(!run("never", None));
    assert!(run("always", None));
    assert!(run("always", Some("1")), "`always` overrides NO_COLOR");
    // `gen` renders its errors to stderr.
    let (code, out, err) = sevenc_env(
        &["gen", fixture, "--colour", "always"],
        &[("NO_COLOR", None)],
    );
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains(ESC) && err.contains("nothing generated"),
        "{err}"
    );
}

/// stdout redirected to a file while stderr is a terminal (a pseudo-terminal
/// made by util-linux `script`): `auto` looks at stdout, so the file gets no
/// colour. The same command with stdout on the terminal does get colour,
/// which shows the terminal is real.
#[cfg(target_os = "linux")]
#[test]
fn auto_colour_looks_at_the_stream_written_not_at_stderr() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("sevenc-cli-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("report.txt");
    let exe = env!("CARGO_BIN_EXE_sevenc");
    let check = format!("'{exe}' check tests/fixtures/diag/e0102-unknown-resource");
    let script = |inner: &str| {
        Command::new("script")
            .args(["-qec", inner, "/dev/null"])
            .current_dir(&root)
            .env_remove("NO_COLOR")
            .output()
            .expect("util-linux `script` is installed (it provides the pseudo-terminal)")
    };
    let on_terminal = script(&check);
    let shown = String::from_utf8_lossy(&on_terminal.stdout);
    assert!(shown.contains("unknown resource"), "{shown}");
    assert!(shown.contains(ESC), "a terminal gets colour: {shown}");
    script(&format!("{check} > '{}'", file.display()));
    let written = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(written.contains("unknown resource"), "{written}");
    assert!(!written.contains(ESC), "ANSI codes in a file: {written}");
}

/// `sevenc gen cards | head -1`: the reader closes the pipe after one line
/// (the code is far larger than a pipe's buffer, so sevenc is still writing).
#[test]
fn a_closed_stdout_ends_gen_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sevenc"))
        .args(["gen", "cards"])
        .current_dir(&root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sevenc runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the pipe is closed.
    assert!(first.starts_with("// @generated by sevenc"), "{first}");
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "nothing said about the pipe"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// `--format sarif`: one SARIF 2.1.0 run whose results are the diagnostics of
/// `--format json`, at the same places, each with a rule.
#[test]
fn sarif_results_match_the_json_lines() {
    let fixture = "tests/fixtures/diag/many-problems";
    let (code, sarif, err) = sevenc(&["check", fixture, "--format", "sarif"]);
    assert_eq!(code, 1);
    assert!(err.contains("12 error(s), 1 warning(s)"), "{err}");
    let log: serde_json::Value = serde_json::from_str(&sarif).expect("SARIF is JSON");
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "sevenc");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let (_, lines, _) = sevenc(&["check", fixture, "--format", "json"]);
    let lines: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(results.len(), lines.len());
    for (r, j) in results.iter().zip(&lines) {
        assert_eq!(r["ruleId"], j["code"]);
        assert_eq!(r["level"], j["severity"]);
        let rule = &rules[r["ruleIndex"].as_u64().unwrap() as usize];
        assert_eq!(rule["id"], j["code"]);
        assert!(
            rule["help"]["text"]
                .as_str()
                .unwrap()
                .contains("For example, this is wrong")
        );
        let message = r["message"]["text"].as_str().unwrap();
        assert!(message.starts_with(j["message"].as_str().unwrap()));
        let place = &r["locations"][0]["physicalLocation"];
        assert_eq!(
            format!("{}", place["artifactLocation"]["uri"]),
            format!("{}", j["file"])
        );
        assert_eq!(place["region"]["startLine"], j["line"]);
        assert_eq!(place["region"]["startColumn"], j["column"]);
    }
    // Every code used has exactly one rule.
    let mut ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n);
    assert_eq!(n, 11);
}

#[test]
fn schema_prints_or_writes_the_schemas() {
    let (code, out, _) = sevenc(&["schema", "game"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["$schema"], "http://json-schema.org/draft-07/schema#");
    assert!(v["properties"]["words"]["items"]["enum"].is_array());
    let dir = std::env::temp_dir().join(format!("sevenc-schema-{}", std::process::id()));
    let (code, _, err) = sevenc(&["schema", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(dir.join("game.schema.json")).unwrap();
    assert_eq!(written, out);
    assert!(dir.join("card-file.schema.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(sevenc(&["schema"]).0, 2);
    assert_eq!(sevenc(&["schema", "sheet"]).0, 2);
}

/// `--max-errors N` shows the first N diagnostics, as without it, and
/// counts the rest in one line; 0 shows all; JSON always lists all.
#[test]
fn max_errors_shows_the_first_and_counts_the_rest() {
    let fixture = "tests/fixtures/diag/many-problems";
    let (code, all, _) = sevenc(&["check", fixture]);
    let (code2, two, _) = sevenc(&["check", fixture, "--max-errors", "2"]);
    assert_eq!((code, code2), (1, 1));
    assert!(
        two.contains("11 more diagnostics not shown (`--max-errors 0` shows all)"),
        "{two}"
    );
    // The two shown are the first two of the full report, rendered the same.
    // Each diagnostic starts with its code (E… or W…) on a line of its own.
    let starts: Vec<usize> = all
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .filter(|&i| all[i..].starts_with('E') || all[i..].starts_with('W'))
        .collect();
    let third = starts[1];
    assert!(two.starts_with(&all[..third]), "{two}");
    assert_eq!(two.matches("help:").count(), 2, "{two}");
    // The summary still counts everything.
    assert!(two.contains("12 error(s), 1 warning(s)"), "{two}");
    let (_, zero, _) = sevenc(&["check", fixture, "--max-errors", "0"]);
    assert_eq!(zero, all);
    let (_, lines, _) = sevenc(&["check", fixture, "--format", "json", "--max-errors", "1"]);
    assert_eq!(lines.lines().count(), 13);
    let (code, _, err) = sevenc(&["check", fixture, "--max-errors", "-1"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn family_adds_a_game_family_to_those_a_game_may_name() {
    // The mini fixture, played by rules of its own (`dice`).
    let dir = std::env::temp_dir().join(format!("sevenc-family-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let set = dir.join("mini");
    std::fs::create_dir_all(&set).unwrap();
    let mini = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/gen/mini");
    for f in ["game.yaml", "cards.yaml", "age2.yaml", "wonders.yaml"] {
        let text = std::fs::read_to_string(mini.join(f)).unwrap();
        std::fs::write(
            set.join(f),
            text.replace("family: base\n", "family: dice\n"),
        )
        .unwrap();
    }
    let path = set.to_str().unwrap();
    let (code, out, _) = sevenc(&["check", path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`dice` is not a game family"), "{out}");
    assert!(out.contains("base, duel, architects"), "{out}");
    let (code, out, _) = sevenc(&["check", path, "--family", "cards", "--family", "dice"]);
    assert_eq!(code, 0, "{out}");
    let (code, code_out, err) = sevenc(&["gen", path, "--family", "dice"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{err}");
    assert!(code_out.contains("family: \"dice\","), "{code_out}");
}
