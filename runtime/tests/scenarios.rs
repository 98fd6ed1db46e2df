//! Scenarios: the shipped ones (`cards/<game>/tests/`) pass; malformed ones
//! are reported at their place with a suggestion, never a panic; failing
//! ones say where and why. The reports of the fixtures are pinned.

use std::path::{Path, PathBuf};

use sevenw_runtime::games;
use sevenw_runtime::scenario::{Run, report_lines};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

fn run(path: &Path) -> Run {
    let text = std::fs::read_to_string(path).unwrap();
    games::test(&games::Library::shipped(sevenw_cards::GAMES), &text)
}

/// The report of a fixture, with its path relative to the fixtures.
fn report(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    report_lines(&name, &run(path)).join("\n")
}

#[test]
fn the_shipped_scenarios_pass() {
    let mut ran = 0;
    let mut failures = Vec::new();
    for game in std::fs::read_dir(root().join("cards")).unwrap() {
        let tests = game.unwrap().path().join("tests");
        if !tests.is_dir() {
            continue;
        }
        for f in yaml_files(&tests) {
            ran += 1;
            let r = run(&f);
            failures.extend(report_lines(&f.display().to_string(), &r));
            assert!(r.steps + r.checks > 0, "{}: checks nothing", f.display());
        }
    }
    assert!(ran >= 2, "{ran} scenarios");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn malformed_scenarios_are_errors_with_a_place() {
    let dir = root().join("runtime/tests/fixtures/scenarios/malformed");
    let files = yaml_files(&dir);
    assert!(files.len() >= 10);
    for f in files {
        let r = run(&f);
        let e = r
            .error
            .as_ref()
            .unwrap_or_else(|| panic!("{}: not an error", f.display()));
        assert!(e.line > 0, "{}: no place: {e}", f.display());
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("malformed-{stem}"), report(&f));
    }
}

#[test]
fn failing_scenarios_say_where_and_why() {
    let dir = root().join("runtime/tests/fixtures/scenarios/failing");
    for f in yaml_files(&dir) {
        let r = run(&f);
        assert!(r.error.is_none(), "{}: {:?}", f.display(), r.error);
        assert!(!r.failures.is_empty(), "{}: passed", f.display());
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("failing-{stem}"), report(&f));
    }
}

#[test]
fn no_input_panics_the_runner() {
    // Every prefix of a real scenario, and some garbage: errors, not panics.
    for file in [
        "cards/base/tests/halicarnassus.yaml",
        "cards/architects/tests/halicarnassus.yaml",
        "cards/architects/tests/battle.yaml",
    ] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for end in (0..text.len()).step_by(7) {
            if text.is_char_boundary(end) {
                let _ = games::test(&games::Library::shipped(sevenw_cards::GAMES), &text[..end]);
            }
        }
    }
    for garbage in [
        "",
        "---",
        "[]",
        "game: 3",
        "game: base\nplayers: 7",
        "game: architects\nplayers: [{name: A, wonder: Giza, deck_size: -1}, {name: B}]",
        "game: architects\nplayers: [{name: A}, {name: B}]\ncentral_size: 99\nwar: 9",
        "\u{0}\u{1b}",
    ] {
        assert!(!games::test(&games::Library::shipped(sevenw_cards::GAMES), garbage).passed());
    }
}
