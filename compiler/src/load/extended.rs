//! The game an expansion extends, found when the paths checked do not hold
//! it (`extended_dirs`): beside the expansion's folder, in the library that
//! a `sevenc new` folder builds against, or in the shipped library.

use super::{GameSrc, Overlay, sorted_entries};
use crate::yaml;
use std::path::{Path, PathBuf};

/// The folders of the games that the expansions of `games` extend, and of
/// the expansions they are played with (`extends:` naming an expansion,
/// `with:`), that `games` do not hold: an expansion is checked against its
/// game wherever it lies. For each such expansion, in its folder
/// `cards/NAME/`, a name is looked for in three libraries, the first that
/// has it giving every edition of it:
///
/// 1. the folders beside the expansion's (`cards/leaders` finds `cards/base`);
/// 2. the library of the checkout that the folder made by `sevenc new`
///    builds against: its `Cargo.toml` (two folders up) names the compiler
///    crate's path, whose `../cards` is that checkout's library;
/// 3. the library of the checkout this compiler was built from
///    ([`crate::build::shipped_library_path`]).
///
/// A folder found for an expansion is searched in turn, so an expansion
/// of an expansion brings the game too.
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
    // The folders whose needs are still to find: (folder, names it needs).
    let mut todo: Vec<(PathBuf, Vec<String>)> = games
        .iter()
        .filter_map(|g| {
            let e = g.expansion.as_ref()?;
            let needs = std::iter::once(&e.extends)
                .chain(&e.with)
                .map(|t| lower(&t.value))
                .collect();
            Some((g.dir.clone(), needs))
        })
        .collect();
    let mut out = Vec::new();
    while let Some((dir, needs)) = todo.pop() {
        for wanted in needs {
            if wanted.is_empty() || have.contains(&wanted) {
                continue;
            }
            for library in libraries_for(&dir) {
                let found: Vec<(PathBuf, String)> = sorted_entries(&library)
                    .into_iter()
                    .filter(|d| d.is_dir() && !taken.contains(&canon(d)))
                    .filter_map(|d| {
                        let text = read_game_yaml(&d.join("game.yaml"), overlay)?;
                        (declared_name(&text)? == wanted).then_some((d, text))
                    })
                    .collect();
                if !found.is_empty() {
                    for (d, text) in found {
                        taken.push(canon(&d));
                        let more = declared_needs(&text);
                        if !more.is_empty() {
                            todo.push((d.clone(), more));
                        }
                        out.push(d);
                    }
                    break;
                }
            }
            have.push(wanted);
        }
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

/// A top-level field of a game.yaml's text, read line by line before the
/// YAML is checked: its value, lower case, unquoted, without a comment.
fn top_field(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|l| {
        l.strip_prefix(key).map(|v| {
            let v = v.split('#').next().unwrap_or("").trim();
            lower(v.trim_matches(['"', '\'']))
        })
    })
}

/// The game a game.yaml's text declares (any edition; lowercase), `None`
/// for an expansion's.
fn declared_game(text: &str) -> Option<String> {
    if top_field(text, "extends:").is_some() {
        return None;
    }
    top_field(text, "game:")
}

/// The name a game.yaml's text declares, a game's or an expansion's.
fn declared_name(text: &str) -> Option<String> {
    top_field(text, "game:")
}

/// What an expansion's game.yaml text needs besides itself: the name in
/// `extends:` and those of `with:` (a flow list, a block list or one
/// name); nothing for a game's.
fn declared_needs(text: &str) -> Vec<String> {
    let Some(extends) = top_field(text, "extends:") else {
        return Vec::new();
    };
    let mut out = vec![extends];
    let mut lines = text.lines().skip_while(|l| !l.starts_with("with:"));
    if let Some(first) = lines.next() {
        let rest = first["with:".len()..]
            .split('#')
            .next()
            .unwrap_or("")
            .trim();
        if rest.is_empty() {
            out.extend(
                lines
                    .map(str::trim)
                    .take_while(|l| l.starts_with("- ") || l.is_empty() || l.starts_with('#'))
                    .filter_map(|l| l.strip_prefix("- "))
                    .map(|n| {
                        lower(
                            n.split('#')
                                .next()
                                .unwrap_or("")
                                .trim_matches(['"', '\'', ' ']),
                        )
                    }),
            );
        } else {
            out.extend(
                rest.trim_matches(['[', ']'])
                    .split(',')
                    .map(|n| lower(n.trim().trim_matches(['"', '\''])))
                    .filter(|n| !n.is_empty()),
            );
        }
    }
    out
}

fn lower(s: &str) -> String {
    s.trim().to_lowercase()
}
