//! No import cycle between the runtime's modules (ARCHITECTURE.md,
//! "Invariants"): the paths `crate::…` (and `super::…` reaching the crate
//! root) of every file of `runtime/src` are read, each file is mapped to its
//! top-level module (a folder is one module: `engine/` is one, `games/` is
//! one), and the graph of those modules must have no cycle. The crate root
//! (`lib.rs`) is a module of its own: what it defines is reached as
//! `crate::name`, and what it re-exports is an edge from it.
//!
//! Comments and string literals are not read, nor the unit tests at the end
//! of a file (`#[cfg(test)] mod …`), which play the shipped games.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crate root's name in the graph.
const ROOT: &str = "lib.rs";

fn runtime_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository")
        .join("runtime/src")
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for p in entries {
            rust_files(&p, out);
        }
    } else if path.extension().is_some_and(|x| x == "rs") {
        out.push(path.to_path_buf());
    }
}

/// `text` without its comments, string and char literals (each replaced by
/// a space, lines kept) and without its final test module.
fn code_of(text: &str) -> String {
    let mut end = text.len();
    let mut offset = 0;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, l) in lines.iter().enumerate() {
        if l.trim() == "#[cfg(test)]"
            && lines
                .get(i + 1)
                .is_some_and(|n| n.trim_start().starts_with("mod "))
        {
            end = offset;
            break;
        }
        offset += l.len();
    }
    let s: Vec<char> = text[..end].chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
            out.push(' ');
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < s.len() && !(s[i] == '*' && s[i + 1] == '/') {
                if s[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c == '"'
            || (c == 'r'
                && matches!(next, Some('"') | Some('#'))
                && !s
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric() || *p == '_'))
        {
            let mut j = i;
            let mut hashes = 0;
            if c == 'r' {
                j += 1;
                while s.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if s.get(j) != Some(&'"') {
                    // `r#ident`: an identifier after all.
                    out.push(c);
                    i += 1;
                    continue;
                }
            }
            j += 1;
            while j < s.len() {
                if s[j] == '\\' && c != 'r' {
                    j += 2;
                    continue;
                }
                if s[j] == '"' && s[j + 1..].iter().take(hashes).all(|&h| h == '#') {
                    j += 1 + hashes;
                    break;
                }
                if s[j] == '\n' {
                    out.push('\n');
                }
                j += 1;
            }
            i = j;
            out.push(' ');
        } else if c == '\'' {
            // A char literal ('x', '\n') or a lifetime ('a).
            if s.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push(' ');
            } else if next == Some('\\') {
                i += 2;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(' ');
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The paths a piece of code names from the crate root: each `crate::…`
/// (with the groups of a `use crate::{a, b::c}` each a path) and each
/// `super::…` resolved from `module` (the file's module path), as the path
/// of names after the crate root. In the crate root itself (`module`
/// empty), a path may also start with one of its modules, `tops`
/// (`sheet::card`).
fn crate_paths(code: &str, module: &[String], tops: &BTreeSet<String>) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        let prev = i.checked_sub(1).map(|p| tokens[p].as_str());
        let relative = module.is_empty() && tops.contains(t);
        let starts = prev != Some("::") && (t == "crate" || t == "super" || relative);
        if !starts || tokens.get(i + 1).map(String::as_str) != Some("::") {
            i += 1;
            continue;
        }
        let mut base: Vec<String> = if t == "super" {
            module.to_vec()
        } else {
            Vec::new()
        };
        let mut j = i;
        // `super::super::…`
        while tokens.get(j).map(String::as_str) == Some("super")
            && tokens.get(j + 1).map(String::as_str) == Some("::")
        {
            base.pop();
            j += 2;
        }
        if t == "crate" {
            j = i + 2;
        }
        let (paths, next) = path_tree(&tokens, j, &base);
        out.extend(paths);
        i = next.max(i + 1);
    }
    out
}

/// Identifiers and the punctuation a path is made of (`::`, `{`, `}`, `,`).
fn tokenize(code: &str) -> Vec<String> {
    let s: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
            out.push(s[start..i].iter().collect());
        } else if c == ':' && s.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// The paths of a path tree starting at `tokens[at]` under `base`
/// (`a::b`, `a::{b, c::d}`, `{a, b}`), and where it ends.
fn path_tree(tokens: &[String], mut at: usize, base: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = base.to_vec();
    loop {
        match tokens.get(at).map(String::as_str) {
            Some("{") => {
                let mut out = Vec::new();
                at += 1;
                loop {
                    match tokens.get(at).map(String::as_str) {
                        Some("}") => return (out, at + 1),
                        Some(",") => at += 1,
                        None => return (out, at),
                        _ => {
                            let (paths, next) = path_tree(tokens, at, &path);
                            out.extend(paths);
                            at = next;
                        }
                    }
                }
            }
            Some(name) if name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                if name != "self" {
                    path.push(name.to_string());
                }
                at += 1;
                if tokens.get(at).map(String::as_str) == Some("::") {
                    at += 1;
                    continue;
                }
                return (vec![path], at);
            }
            // `*` and anything else ends the path.
            _ => return (vec![path], at + 1),
        }
    }
}

/// The module path of a file of `runtime/src` (`engine/city.rs` →
/// engine, city; `scenario.rs` → scenario; `lib.rs` → nothing).
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The top-level modules the crate root declares (`mod x;`, `pub mod x;`).
fn top_level(lib: &str) -> BTreeSet<String> {
    let tokens = tokenize(&code_of(lib));
    tokens
        .windows(3)
        .filter(|w| w[0] == "mod" && w[2] == ";")
        .map(|w| w[1].clone())
        .collect()
}

/// Every edge between top-level modules, with a file and path that makes it.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

fn graph(src: &Path) -> Graph {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("runtime/src/lib.rs");
    let tops = top_level(&lib);
    assert!(
        tops.contains("engine") && tops.contains("game"),
        "the crate root declares its modules: {tops:?}"
    );
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut g = Graph::new();
    for f in &files {
        let rel = f.strip_prefix(src).expect("a file of runtime/src");
        let module = module_path(rel);
        let from = module.first().cloned().unwrap_or_else(|| ROOT.to_string());
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for path in crate_paths(&code_of(&text), &module, &tops) {
            let to = match path.first() {
                Some(m) if tops.contains(m) => m.clone(),
                _ => ROOT.to_string(),
            };
            if to != from {
                g.entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| format!("{} (crate::{})", rel.display(), path.join("::")));
            }
        }
        g.entry(from).or_default();
    }
    g
}

/// A cycle of `g`, if it has one: the modules in order, the first again
/// at the end.
fn cycle(g: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        n: &str,
        g: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(n.to_string(), Mark::Open);
        stack.push(n.to_string());
        for m in g.get(n).into_iter().flat_map(|e| e.keys()) {
            match marks.get(m).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let at = stack.iter().position(|s| s == m).unwrap_or(0);
                    let mut c = stack[at..].to_vec();
                    c.push(m.clone());
                    return Some(c);
                }
                Mark::New => {
                    if let Some(c) = visit(m, g, marks, stack) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        stack.pop();
        marks.insert(n.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in g.keys() {
        if marks.get(n).copied().unwrap_or(Mark::New) == Mark::New {
            let mut stack = Vec::new();
            if let Some(c) = visit(n, g, &mut marks, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// A cycle in words: each step with the file and path that makes it.
fn shown(g: &Graph, c: &[String]) -> String {
    c.windows(2)
        .map(|w| format!("  {} → {}: {}", w[0], w[1], g[&w[0]][&w[1]]))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn runtime_modules_have_no_import_cycle() {
    let g = graph(&runtime_src());
    assert!(g.len() > 10, "{g:?}");
    if let Some(c) = cycle(&g) {
        panic!(
            "the runtime's modules import each other in a cycle ({}):\n{}\n\
             move what both need below them (ARCHITECTURE.md, the runtime's layers)",
            c.join(" → "),
            shown(&g, &c)
        );
    }
}

#[test]
fn the_check_reads_paths_as_rust_does() {
    let module = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let tops: BTreeSet<String> = ["sheet".to_string()].into();
    let paths = |text: &str, m: &[&str]| -> Vec<String> {
        crate_paths(&code_of(text), &module(m), &tops)
            .into_iter()
            .map(|p| p.join("::"))
            .collect()
    };
    assert_eq!(
        paths(
            "use crate::a::b;\nuse crate::{c, d::{e, f}};\nlet x = crate::g::h(1);\n",
            &[]
        ),
        ["a::b", "c", "d::e", "d::f", "g::h"]
    );
    assert_eq!(
        paths("use super::x;\nuse super::super::y::z;\n", &["m", "n"]),
        ["m::x", "y::z"]
    );
    assert_eq!(paths("use crate::a::{self, b};\n", &[]), ["a", "a::b"]);
    // In the crate root, a path may start with one of its modules; in
    // another file, such a path is its own (a submodule, a crate).
    assert_eq!(paths("let x = sheet::card(v);\n", &[]), ["sheet::card"]);
    assert!(paths("let x = sheet::card(v);\n", &["m"]).is_empty());
    // Comments, strings and the final test module are not read; a path
    // inside another (`std::crate`) is not a crate path.
    assert!(
        paths(
            "// crate::a::b\nlet s = \"crate::c\"; /* crate::d */ let r = r#\"crate::e\"#;\n\
             #[cfg(test)]\nmod tests {\n    use crate::f;\n}\n",
            &[]
        )
        .is_empty()
    );
    assert_eq!(module_path(Path::new("engine/city.rs")), ["engine", "city"]);
    assert_eq!(module_path(Path::new("games/mod.rs")), ["games"]);
    assert!(module_path(Path::new("lib.rs")).is_empty());
}

#[test]
fn the_check_finds_a_cycle() {
    let mut g = Graph::new();
    let edge = |g: &mut Graph, a: &str, b: &str| {
        g.entry(a.to_string())
            .or_default()
            .insert(b.to_string(), format!("{a}.rs"));
        g.entry(b.to_string()).or_default();
    };
    edge(&mut g, "game", "engine");
    edge(&mut g, "sim", "game");
    edge(&mut g, "sheet", "sim");
    assert_eq!(cycle(&g), None);
    edge(&mut g, "game", "sheet");
    let c = cycle(&g).expect("a cycle");
    assert_eq!(c.first(), c.last());
    assert_eq!(c.len(), 4, "{c:?}");
    assert!(shown(&g, &c).contains("game → sheet: game.rs"));
}
