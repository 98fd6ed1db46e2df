//! Every input the fuzzers (`fuzz/`) found a crash or hang with, kept in
//! `tests/fuzz-regressions/<target>/`, and the seed corpora of
//! `fuzz/corpus/<target>/`, fed to the same function the fuzz target calls
//! (`sevenw_fuzzing`): on stable, no nightly needed.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"));
    v.sort();
    v
}

fn run_all(kind: &str) -> usize {
    let mut n = 0;
    for (target, body) in sevenw_fuzzing::TARGETS {
        for path in inputs(&root().join(kind).join(target)) {
            let data = std::fs::read(&path).expect("readable");
            let r = std::panic::catch_unwind(|| body(&data));
            assert!(r.is_ok(), "{target}: {} fails again", path.display());
            n += 1;
        }
    }
    n
}

/// Every input kept in `tests/fuzz-regressions/` passes, and every file
/// there is one the test runs: in the folder of a target (a crash kept
/// anywhere else would never be replayed).
#[test]
fn every_regression_input_passes_and_none_is_misfiled() {
    let dir = root().join("tests/fuzz-regressions");
    let targets: Vec<&str> = sevenw_fuzzing::TARGETS.iter().map(|(t, _)| *t).collect();
    let mut kept = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/fuzz-regressions exists") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            assert!(
                targets.contains(&name.as_str()),
                "tests/fuzz-regressions/{name}/ is no target's folder: {targets:?}"
            );
            kept += inputs(&path).len();
        } else {
            assert_eq!(
                name, "README.md",
                "tests/fuzz-regressions/{name}: an input goes in its target's folder"
            );
        }
    }
    assert_eq!(
        run_all("tests/fuzz-regressions"),
        kept,
        "every input kept ran"
    );
}

#[test]
fn every_seed_of_every_target_runs() {
    for (target, _) in sevenw_fuzzing::TARGETS {
        assert!(
            !inputs(&root().join("fuzz/corpus").join(target)).is_empty(),
            "fuzz/corpus/{target} has no seed"
        );
    }
    assert!(run_all("fuzz/corpus") >= sevenw_fuzzing::TARGETS.len());
}

#[test]
fn structured_card_sets_are_mostly_valid_and_generate_code() {
    // Inputs of the `card_set` target from a fixed stream of bytes: most
    // must check clean and reach code generation, or the target would
    // fuzz the error paths only.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut generated = 0;
    let mut refused = Vec::new();
    for _ in 0..40 {
        let data: Vec<u8> = (0..600)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        let files = sevenw_fuzzing::card_set::files_of(&data).expect("enough bytes");
        match sevenw_fuzzing::card_set::check_and_gen(&files) {
            Ok(code) => {
                assert!(code.contains("pub static GAMES"));
                generated += 1;
            }
            Err(report) => refused.push(report),
        }
    }
    assert!(
        generated >= 24,
        "{generated} of 40 sets generated code; the refused:\n{}",
        refused.join("\n----\n")
    );
}
