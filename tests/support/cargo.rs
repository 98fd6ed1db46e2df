//! `cargo` run by a test on a project of its own, shared by the tests that
//! build generated code (`compiler/sevenc/tests/new_project.rs`,
//! `tests/fuzzing/tests/generated_sets_compile.rs`) and the one that reads
//! cargo's build plans (`tests/tests/workspace_hack.rs`), included by `#[path]`.

use std::path::Path;
use std::process::{Command, Output};

/// `cargo ARGS` in `dir`, with nothing of the outer cargo's environment
/// but where its home and toolchain are. The build keeps no debug info and
/// no incremental cache: a test only runs what it builds once, and those
/// took over 1 GB of a CI disk.
pub fn cargo(dir: &Path, target: &Path, args: &[&str]) -> Output {
    cargo_with(dir, target, args, &[])
}

/// [`cargo`] with `env` set on top.
pub fn cargo_with(dir: &Path, target: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy().into_owned();
        if (k.starts_with("CARGO_") && k != "CARGO_HOME")
            || k.starts_with("RUST") && k != "RUSTUP_HOME" && k != "RUSTUP_TOOLCHAIN"
        {
            cmd.env_remove(&k);
        }
    }
    cmd.current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never")
        .env("CARGO_INCREMENTAL", "0")
        .env("CARGO_PROFILE_DEV_DEBUG", "false")
        .envs(env.iter().copied())
        .args(args)
        .output()
        .expect("cargo runs")
}
