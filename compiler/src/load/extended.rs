//! The game an expansion extends, found when the paths checked do not hold
//! it (`extended_dirs`): beside the expansion's folder, in the library that
//! a `sevenc new` folder builds against, or in the shipped library.

use super::{GameSrc, Overlay, sorted_entries};
use crate::yaml;
use std::path::{Path, PathBuf};

/// The folders of the games that the expansions of `games` extend and that
/// `games` do not hold: an expansion is checked against its game wherever
/// it lies. For each such expansion, in its folder `cards/NAME/`, the game
/// is looked for in three libraries, the first that has it giving every
/// edition of it:
///
/// 1. the folders beside the expansion's (`cards/leaders` finds `cards/base`);
/// 2. the library of the checkout that the folder made by `sevenc new`
///    builds against: its `Cargo.toml` (two folders up) names the compiler
///    crate's path, whose `../cards` is that checkout's library;
/// 3. the library of the checkout this compiler was built from
///    ([`crate::build::shipped_library_path`]).
pub fn extended_dirs(games: &[GameSrc], overlay: &Overlay) -> Vec<PathBuf> {
    let canon = |d: &Path| d.canonicalize().unwrap_or_else(|_| d.to_path_buf());
    let mut have: Vec<String> = games
        .iter()
        .flat_map(|g| {
            let game = g.vocab.as_ref().map(|v| lower(&v.game.value));
            let exp = g.expansion.as_ref().map(|e| lower(&e.game.value));
            game.into_iter().chain(exp)
        })
        .collect();
    let mut taken: Vec<PathBuf> = games.iter().map(|g| canon(&g.dir)).collect();
    let mut out = Vec::new();
    for g in games {
        let Some(e) = &g.expansion else { continue };
        let wanted = lower(&e.extends.value);
        if wanted.is_empty() || have.contains(&wanted) {
            continue;
        }
        for library in libraries_for(&g.dir) {
            let found: Vec<PathBuf> = sorted_entries(&library)
                .into_iter()
                .filter(|d| d.is_dir() && !taken.contains(&canon(d)))
                .filter(|d| {
                    read_game_yaml(&d.join("game.yaml"), overlay)
                        .and_then(|t| declared_game(&t))
                        .is_some_and(|g| g == wanted)
                })
                .collect();
            if !found.is_empty() {
                taken.extend(found.iter().map(|d| canon(d)));
                out.extend(found);
                break;
            }
        }
        have.push(wanted);
    }
    out
}

/// Where the game an expansion in `dir` extends is looked for, in order
/// (see [`extended_dirs`]).
pub fn libraries_for(dir: &Path) -> Vec<PathBuf> {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut out: Vec<PathBuf> = Vec::new();
    let mut add = |p: PathBuf| {
        let p = p.canonicalize().unwrap_or(p);
        if p.is_dir() && !out.contains(&p) {
            out.push(p);
        }
    };
    if let Some(beside) = dir.parent() {
        add(beside.to_path_buf());
        if let Some(lib) = beside.parent().and_then(library_named_by) {
            add(lib);
        }
    }
    add(crate::build::shipped_library_path());
    out
}

/// The card library of the checkout that the designer's folder `root`
/// (made by `sevenc new`) builds against: its `Cargo.toml` names the path
/// of the `sevenw-compiler` crate, and the library is `cards/` beside it.
pub fn library_named_by(root: &Path) -> Option<PathBuf> {
    let toml = std::fs::read_to_string(root.join("Cargo.toml")).ok()?;
    let line = toml
        .lines()
        .find(|l| l.trim_start().starts_with("sevenw-compiler"))?;
    let path = line.split("path").nth(1)?.split('"').nth(1)?;
    let compiler = root.join(path);
    Some(compiler.join("..").join("cards"))
}

/// The games (not expansions) whose folders `library` holds, by name,
/// each once: what an expansion may extend there.
pub fn games_in(library: &Path) -> Vec<String> {
    let mut out: Vec<String> = sorted_entries(library)
        .into_iter()
        .filter_map(|d| read_game_yaml(&d.join("game.yaml"), &Overlay::default()))
        .filter_map(|t| declared_game(&t))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A game.yaml's text, from `overlay` or the disk; `None` when it is not
/// there or is larger than a card file may be.
fn read_game_yaml(path: &Path, overlay: &Overlay) -> Option<String> {
    if let Some(t) = overlay.get(path) {
        return Some(t.to_string());
    }
    let size = std::fs::metadata(path).ok()?.len();
    if size > yaml::MAX_FILE_BYTES as u64 {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// The game a game.yaml's text declares (any edition; lowercase), `None`
/// for an expansion's: read line by line, before the YAML is checked.
fn declared_game(text: &str) -> Option<String> {
    let field = |key: &str| {
        text.lines().find_map(|l| {
            l.strip_prefix(key).map(|v| {
                let v = v.split('#').next().unwrap_or("").trim();
                lower(v.trim_matches(['"', '\'']))
            })
        })
    };
    if field("extends:").is_some() {
        return None;
    }
    field("game:")
}

fn lower(s: &str) -> String {
    s.trim().to_lowercase()
}
