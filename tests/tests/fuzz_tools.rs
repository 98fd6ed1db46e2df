//! `fuzz/ours-only.sh`, the RUSTC_WRAPPER that leaves downloaded crates out
//! of the fuzzers' coverage instrumentation, run with `echo` in place of
//! rustc: what it would pass on is what `echo` prints.

use std::path::Path;
use std::process::Command;

const SANCOV: [&str; 3] = [
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=4",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
];

fn passed_on(source: &str) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/ours-only.sh");
    let mut args = vec!["--crate-name", "x", "--edition=2021", source];
    args.extend(SANCOV);
    args.extend(["--cfg", "fuzzing", "-Cdebug-assertions"]);
    let out = Command::new("bash")
        .arg(&script)
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
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/ours-only.sh");
    let out = Command::new("bash")
        .arg(&script)
        .output()
        .expect("bash runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("RUSTC_WRAPPER"), "{err}");
}
