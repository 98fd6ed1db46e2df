//! Building one command after the whole workspace compiles nothing: every
//! unit `cargo build -p sevenw` or `-p sevenc` wants (a crate,
//! with its features, profile and dependencies) is one the whole-workspace
//! build already made, in release, and in debug after `cargo test`.
//!
//! Cargo prints its plan without building (`--unit-graph`, unstable, so
//! asked with `RUSTC_BOOTSTRAP=1`); the test compares the plans. When it
//! fails, the crates it names need their features in
//! `runtime/workspace-hack/Cargo.toml`.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

#[path = "../support/cargo.rs"]
#[allow(dead_code, reason = "this test needs only `cargo_with`")]
mod support;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the repository")
        .to_path_buf()
}

/// Cargo's plan for `ARGS`, as the JSON unit graph.
fn plan(args: &[&str]) -> Value {
    let target = std::env::temp_dir().join(format!("sevenw-unit-graph-{}", std::process::id()));
    let mut all = args.to_vec();
    all.extend(["--locked", "--unit-graph", "-Z", "unstable-options"]);
    let out = support::cargo_with(&root(), &target, &all, &[("RUSTC_BOOTSTRAP", "1")]);
    assert!(
        out.status.success(),
        "cargo {}: {}",
        all.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo prints its unit graph as JSON")
}

/// A unit as cargo tells one artifact from another: package, target, mode,
/// features, profile (its settings, not its name) and, recursively, its
/// dependencies.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct Unit {
    what: String,
    deps: Vec<Unit>,
}

fn units(graph: &Value) -> Vec<Unit> {
    let list = graph["units"].as_array().expect("a unit graph lists units");
    let mut memo: BTreeMap<usize, Unit> = BTreeMap::new();
    (0..list.len()).map(|i| unit(list, i, &mut memo)).collect()
}

fn unit(list: &[Value], i: usize, memo: &mut BTreeMap<usize, Unit>) -> Unit {
    if let Some(u) = memo.get(&i) {
        return u.clone();
    }
    let u = &list[i];
    let mut profile = u["profile"].clone();
    if let Some(p) = profile.as_object_mut() {
        p.remove("name");
    }
    let mut features: Vec<&str> = u["features"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    features.sort_unstable();
    let package = u["pkg_id"].as_str().unwrap_or_default();
    let package = package.rsplit('#').next().unwrap_or(package);
    let what = format!(
        "{package} {} {} [{}] {profile} {}",
        u["target"]["name"],
        u["mode"],
        features.join(","),
        u["platform"]
    );
    let mut deps: Vec<Unit> = u["dependencies"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["index"].as_u64())
        .map(|d| unit(list, d as usize, memo))
        .collect();
    deps.sort();
    let made = Unit { what, deps };
    memo.insert(i, made.clone());
    made
}

/// The units `part` wants that `whole` does not make, each shown once, at
/// the deepest place it differs (its dependencies are all made).
fn missing(whole: &Value, part: &Value) -> Vec<String> {
    let made: HashSet<Unit> = units(whole).into_iter().collect();
    let mut out: Vec<String> = units(part)
        .into_iter()
        .filter(|u| !made.contains(u) && u.deps.iter().all(|d| made.contains(d)))
        .map(|u| u.what)
        .collect();
    out.sort();
    out.dedup();
    out
}

fn assert_reused(whole: &[&str], part: &[&str]) {
    let gap = missing(&plan(whole), &plan(part));
    assert!(
        gap.is_empty(),
        "`cargo {}` after `cargo {}` would compile again:\n{}\n\
         give these crates the whole build's features in runtime/workspace-hack/Cargo.toml",
        part.join(" "),
        whole.join(" "),
        gap.join("\n")
    );
}

#[test]
fn one_command_in_release_reuses_the_workspace_build() {
    for package in ["sevenw", "sevenc"] {
        assert_reused(
            &["build", "--release"],
            &["build", "--release", "-p", package],
        );
    }
}

#[test]
fn one_command_in_debug_reuses_the_tests_build() {
    for package in ["sevenw", "sevenc"] {
        assert_reused(
            &["test", "--workspace", "--no-run"],
            &["build", "-p", package],
        );
    }
}

/// The comparison sees a difference where there is one: the same plan with
/// a feature more is not reused.
#[test]
fn a_feature_more_is_a_difference() {
    let whole = plan(&["build", "--release", "-p", "sevenc"]);
    let mut part = whole.clone();
    let list = part["units"].as_array_mut().expect("units");
    let dsl = list
        .iter_mut()
        .find(|u| {
            u["pkg_id"]
                .as_str()
                .is_some_and(|p| p.contains("sevenw-dsl"))
        })
        .expect("the compiler's plan builds the DSL");
    dsl["features"] = serde_json::json!(["imaginary"]);
    let gap = missing(&whole, &part);
    assert_eq!(gap.len(), 1, "{gap:?}");
    assert!(gap[0].starts_with("sevenw-dsl@"), "{gap:?}");
}
