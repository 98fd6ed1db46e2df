//! Compiles the shipped games, the test expansions of `cards/` and, made
//! here by `sevenc new --extends GAME`'s own code into `OUT_DIR`, a
//! designer's first folder for each game with a template (`newbase`,
//! `newduel`, `newarchitects`, and `newleaders`, `newpantheon` and
//! `newagora`, played with theirs): their card sets are what a designer
//! starts from, so each must build, pass its scenario and play
//! (`tests/trials.rs`).

use std::path::{Path, PathBuf};

use sevenw_compiler::new::{NewOptions, Start, create};

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../..");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut builder = sevenw_compiler::build::Builder::new()
        .shipped_library()
        .card_set(manifest.join("cards"));
    for game in ["base", "duel", "architects", "leaders", "pantheon", "agora"] {
        let dir = out.join(format!("new{game}"));
        let fresh = out.join(format!("made-{game}")).join(format!("new{game}"));
        let _ = std::fs::remove_dir_all(&fresh);
        let made = create(&NewOptions {
            dir: fresh.clone(),
            start: Start::Extends(game.to_string()),
            project: root.clone(),
            library: root.join("cards"),
        })
        .unwrap_or_else(|e| panic!("sevenc new --extends {game}: {e}"));
        // Written only where they changed: the files the compiler reads
        // are watched by cargo, and a file rewritten at every build would
        // build the crate again at every `cargo test`.
        for file in made.files.iter().filter(|f| f.starts_with("cards")) {
            let text = std::fs::read(fresh.join(file)).expect("just written");
            let to = dir.join(file);
            if std::fs::read(&to).ok().as_deref() != Some(&text[..]) {
                std::fs::create_dir_all(to.parent().expect("a file in a folder")).unwrap();
                std::fs::write(&to, text).unwrap();
            }
        }
        builder = builder.card_set(dir.join("cards"));
    }
    println!("cargo:rustc-env=SEVENW_NEW_FOLDERS={}", out.display());
    println!("cargo:rerun-if-changed=cards");
    builder.compile_or_exit();
}
