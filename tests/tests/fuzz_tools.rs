//! The fuzzers' tools: `fuzz/ours-only.sh`, the RUSTC_WRAPPER that leaves
//! downloaded crates out of the fuzzers' coverage instrumentation, run with
//! `echo` in place of rustc (what it would pass on is what `echo` prints);
//! and `fuzz/Cargo.lock`, which must build the versions that ship.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const SANCOV: [&str; 3] = [
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=4",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
];

/// A file of the project, from this crate's folder.
fn project_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

fn script() -> PathBuf {
    project_file("fuzz/ours-only.sh")
}

fn passed_on(source: &str) -> Vec<String> {
    let mut args = vec!["--crate-name", "x", "--edition=2021", source];
    args.extend(SANCOV);
    args.extend(["--cfg", "fuzzing", "-Cdebug-assertions"]);
    let out = Command::new("bash")
        .arg(script())
        .arg("echo")
        .args(&args)
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_crates_io_dependency_loses_only_the_coverage_flags() {
    let src = "/home/u/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/syn-2.0.119/src/lib.rs";
    assert_eq!(
        passed_on(src),
        [
            "--crate-name",
            "x",
            "--edition=2021",
            src,
            "--cfg",
            "fuzzing",
            "-Cdebug-assertions"
        ]
    );
}

#[test]
fn a_git_dependency_loses_the_coverage_flags() {
    let src = "/home/u/.cargo/git/checkouts/pest-0123/abcdef0/pest/src/lib.rs";
    let args = passed_on(src);
    assert!(
        args.iter().all(|a| !SANCOV.contains(&a.as_str())),
        "{args:?}"
    );
    assert!(args.iter().any(|a| a == src));
}

#[test]
fn our_crates_and_the_targets_keep_every_flag() {
    for src in ["/work/main/compiler/src/lib.rs", "fuzz_targets/card_set.rs"] {
        let args = passed_on(src);
        for flag in SANCOV {
            assert!(args.iter().any(|a| a == flag), "{src}: {flag} lost");
        }
        assert_eq!(args.len(), 10, "{args:?}");
    }
}

#[test]
fn run_by_hand_it_says_what_it_is() {
    let out = Command::new("bash")
        .arg(script())
        .output()
        .expect("bash runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("RUSTC_WRAPPER"), "{err}");
}

/// Each package of a Cargo.lock with the versions it is locked at.
fn locked(path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(project_file(path)).expect("the lockfile is there");
    let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in text.split("[[package]]").skip(1) {
        let field = |key: &str| {
            entry.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|v| v.strip_prefix(" = \""))
                    .and_then(|v| v.strip_suffix('"'))
                    .map(str::to_string)
            })
        };
        let (Some(name), Some(version)) = (field("name"), field("version")) else {
            panic!("{path}: a package without a name or a version: {entry}");
        };
        packages.entry(name).or_default().insert(version);
    }
    packages
}

/// The fuzz workspace has a lockfile of its own; a fuzzer that built newer
/// dependencies than `sevenc` ships (a YAML parser, pest, syn) would test
/// code no user runs. Every package both lockfiles hold is locked at the
/// same versions (`cp Cargo.lock fuzz/` then any cargo command in `fuzz/`
/// adds what the fuzzers alone need).
#[test]
fn the_fuzzers_build_the_dependency_versions_that_ship() {
    let shipped = locked("Cargo.lock");
    let fuzz = locked("fuzz/Cargo.lock");
    let differ: Vec<String> = fuzz
        .iter()
        .filter_map(|(name, versions)| {
            let ours = shipped.get(name)?;
            (ours != versions).then(|| format!("{name}: {ours:?} shipped, {versions:?} fuzzed"))
        })
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
    // The comparison saw the parsers whose versions matter most.
    for name in ["serde-saphyr", "pest", "syn", "miette"] {
        assert!(
            fuzz.contains_key(name) && shipped.contains_key(name),
            "{name}"
        );
    }
}
