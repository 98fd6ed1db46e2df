//! What the command line's tests share: running the binary, scratch files,
//! a sheet.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The runtime's folder (its README and example sheets).
pub const RUNTIME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

pub fn sevenw(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs with `input` on standard input.
pub fn sevenw_in(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A scratch file under the target directory.
pub fn scratch(name: &str, content: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sevenw-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

pub const SHEET: &str = "\
game: base
players:
  - {name: Ana, wonder: Babylon, coins: 3, cards: [Lumber Yard, Altar, Scriptorium]}
  - {name: Ben, wonder: Giza, coins: 1, cards: [Ore Vein, Glassworks, East Trading Post]}
  - {name: Cy, wonder: Alexandria, coins: 0, cards: [Clay Pool, Press, Marketplace]}
";
