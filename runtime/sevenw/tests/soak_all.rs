//! `tests/soak-all.sh`, the soak of every variant: each variant's command
//! line is one `sevenw` accepts, a run resumes where it stopped, and a
//! failing variant fails the run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// An empty folder under the target directory.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn soak(binary: &Path, args: &[&str], only: &str) -> Output {
    Command::new("bash")
        .arg(Path::new(ROOT).join("tests/soak-all.sh"))
        .args(args)
        .env("SEVENW", binary)
        .env("SOAK_ONLY", only)
        .output()
        .expect("bash runs the script")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn every_variant_runs_checked_and_a_second_run_resumes() {
    let out = folder("soak-all");
    let sevenw = Path::new(env!("CARGO_BIN_EXE_sevenw"));
    let dir = out.to_str().unwrap();
    let first = soak(sevenw, &["1", dir], "");
    let said = text(&first.stdout);
    assert!(first.status.success(), "{said}{}", text(&first.stderr));
    let summary = format!("110 of 110 variants done in {dir}\n");
    assert!(said.ends_with(&summary), "{said}");
    for name in [
        "base1-none-3",
        "base2-leaders+edifice-7",
        "base1-cities+leaders+edifice-3",
        "base2-cities-7",
        "base2-wonder-pack-4",
        "base1-cities+leaders+edifice+wonder-pack-7",
        "duel",
        "pantheon",
        "agora",
        "pantheon+agora",
        "architects-2",
    ] {
        let file = std::fs::read_to_string(out.join(format!("{name}.txt"))).unwrap();
        assert!(file.starts_with("1 game of "), "{name}: {file}");
        assert!(file.contains("no violation"), "{name}: {file}");
        assert!(said.contains(&format!("{name}: 1 games, ")), "{said}");
    }
    let pantheon = std::fs::read_to_string(out.join("pantheon.txt")).unwrap();
    assert!(
        pantheon.contains("7 Wonders Duel with Pantheon"),
        "{pantheon}"
    );
    let both = std::fs::read_to_string(out.join("pantheon+agora.txt")).unwrap();
    assert!(both.contains("Duel with Agora and Pantheon"), "{both}");
    // Second edition really: the title says so.
    let second = std::fs::read_to_string(out.join("base2-edifice-5.txt")).unwrap();
    assert!(second.contains("(second edition) with Edifice"), "{second}");
    // Cities' edition follows the game's.
    let cities = std::fs::read_to_string(out.join("base2-cities-5.txt")).unwrap();
    assert!(cities.contains("with Cities (second edition)"), "{cities}");

    // Done variants are not run again: a binary that fails every run
    // leaves them as they were.
    let again = soak(Path::new("/bin/false"), &["1", dir], "");
    assert!(again.status.success(), "{}", text(&again.stdout));
    assert!(text(&again.stdout).ends_with(&summary));
}

#[test]
fn a_failing_variant_fails_the_run_and_is_kept_apart() {
    let out = folder("soak-all-failing");
    let dir = out.to_str().unwrap();
    let run = soak(Path::new("/bin/false"), &["5", dir], "duel");
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stdout));
    assert!(
        text(&run.stdout).contains("duel: FAILED"),
        "{}",
        text(&run.stdout)
    );
    assert!(out.join("duel.txt.part").exists());
    assert!(!out.join("duel.txt").exists());
    // Only the variant asked for ran.
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
}

#[test]
fn bad_counts_are_refused_with_exit_2() {
    let out = folder("soak-all-bad");
    let dir = out.to_str().unwrap();
    for games in ["0", "x", "-3", "1e6"] {
        let run = soak(Path::new("/bin/false"), &[games, dir], "");
        assert_eq!(run.status.code(), Some(2), "{games}");
        assert!(text(&run.stderr).contains("GAMES must be a positive whole number"));
    }
}
