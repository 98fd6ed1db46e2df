//! Shared code names no game (ARCHITECTURE.md, "Invariants"): the engine,
//! the game interface, the simulation, soak, replay, search and balance
//! code, the bots and the command line play any family through its traits,
//! so none of them may hold a game's, an expansion's, a family's, a
//! wonder's or a card's name — in a string or, for games, expansions and
//! families, as a word of an identifier (`LeadersArg`, `is_duel`). A game's
//! own code lives in its folder under `runtime/src/games/`.
//!
//! The shared code is every module of the runtime but the families'
//! folders, the command line, the playtest server (its Rust and the
//! JavaScript of its pages) and the Python package (its Rust and its
//! Python). Comments are not read (they may cite a rule by game), nor
//! Python's triple-quoted strings (its documentation), nor the unit tests
//! at the end of a Rust file (`#[cfg(test)] mod …`), which play the
//! shipped games.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The shared source: folders are read whole, but for [`GAMES_OWN`].
const SHARED: &[&str] = &[
    "runtime/src",
    "runtime/cli/src",
    "runtime/serve/src",
    "runtime/serve/static",
    "python/src",
    "python/sevenw",
];

/// The kinds of source read, by extension.
const SOURCES: &[&str] = &["rs", "js", "mjs", "py"];

/// What under [`SHARED`] is a game's own: the shipped families' folders.
const GAMES_OWN: &[&str] = &["runtime/src/games"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository")
        .to_path_buf()
}

fn source_files(path: &Path, out: &mut Vec<PathBuf>) {
    if GAMES_OWN.iter().any(|g| path.ends_with(g)) {
        // `runtime/src/games/mod.rs` lists the shipped families: it is
        // theirs too.
        return;
    }
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for p in entries {
            source_files(&p, out);
        }
    } else if path
        .extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| SOURCES.contains(&x))
    {
        out.push(path.to_path_buf());
    }
}

/// What a file's code holds outside comments and its final test module:
/// its string literals and its identifiers, each with its line.
#[derive(Default)]
struct Code {
    strings: Vec<(usize, String)>,
    idents: Vec<(usize, String)>,
}

fn read_code(text: &str) -> Code {
    // The final test module is left out.
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
    let mut code = Code::default();
    let (mut i, mut line) = (0, 1);
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < s.len() && !(s[i] == '*' && s[i + 1] == '/') {
                line += usize::from(s[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if c == '"' || (c == 'r' && matches!(next, Some('"') | Some('#'))) {
            // A string literal, raw or not.
            let start_line = line;
            let mut hashes = 0;
            if c == 'r' {
                i += 1;
                while s.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if s.get(i) != Some(&'"') {
                    // `r#ident`: an identifier after all.
                    continue;
                }
            }
            i += 1;
            let mut lit = String::new();
            while i < s.len() {
                if s[i] == '\\' && c != 'r' {
                    lit.push(' ');
                    i += 2;
                    continue;
                }
                if s[i] == '"' && s[i + 1..].iter().take(hashes).all(|&h| h == '#') {
                    i += 1 + hashes;
                    break;
                }
                line += usize::from(s[i] == '\n');
                lit.push(s[i]);
                i += 1;
            }
            code.strings.push((start_line, lit));
        } else if c == '\'' {
            // A char literal ('x', '\n') or a lifetime ('a).
            if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else if next == Some('\\') {
                i += 2;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else {
                i += 1;
                while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
            code.idents.push((line, s[start..i].iter().collect()));
        } else {
            i += 1;
        }
    }
    code
}

/// What a JavaScript or Python file's code holds outside comments (and, in
/// Python, outside triple-quoted strings): its string literals and its
/// identifiers, each with its line. `python` chooses the language.
fn read_script(text: &str, python: bool) -> Code {
    let s: Vec<char> = text.chars().collect();
    let mut code = Code::default();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize, t: &str| t.chars().enumerate().all(|(k, c)| s.get(i + k) == Some(&c));
    while i < s.len() {
        let c = s[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if (python && c == '#') || (!python && at(i, "//")) {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if !python && at(i, "/*") {
            i += 2;
            while i < s.len() && !at(i, "*/") {
                line += usize::from(s[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if python && (at(i, "\"\"\"") || at(i, "'''")) {
            // Documentation: not read.
            let close: String = s[i..i + 3].iter().collect();
            i += 3;
            while i < s.len() && !at(i, &close) {
                line += usize::from(s[i] == '\n');
                i += 1;
            }
            i += 3;
        } else if c == '"' || c == '\'' || (!python && c == '`') {
            let (start, mut lit) = (line, String::new());
            i += 1;
            while i < s.len() && s[i] != c {
                if s[i] == '\\' {
                    lit.push(' ');
                    i += 2;
                    continue;
                }
                line += usize::from(s[i] == '\n');
                lit.push(s[i]);
                i += 1;
            }
            i += 1;
            code.strings.push((start, lit));
        } else if c.is_alphabetic() || c == '_' || c == '$' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_' || s[i] == '$') {
                i += 1;
            }
            code.idents.push((line, s[start..i].iter().collect()));
        } else {
            i += 1;
        }
    }
    code
}

/// The words of an identifier: `LeadersArg` → leaders, arg; `is_duel` →
/// is, duel.
fn words(ident: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in ident.chars() {
        if (c == '_' || (c.is_uppercase() && prev_lower)) && !cur.is_empty() {
            out.push(std::mem::take(&mut cur).to_lowercase());
        }
        if c != '_' {
            cur.push(c);
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
    }
    if !cur.is_empty() {
        out.push(cur.to_lowercase());
    }
    out
}

/// Whether `text` holds `name` as a whole word.
fn holds_word(text: &str, name: &str, any_case: bool) -> bool {
    let (t, n) = if any_case {
        (text.to_lowercase(), name.to_lowercase())
    } else {
        (text.to_string(), name.to_string())
    };
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '_');
    t.match_indices(&n).any(|(at, _)| {
        boundary(t[..at].chars().next_back()) && boundary(t[at + n.len()..].chars().next())
    })
}

/// The names shared code may not hold: games, expansions and families (any
/// case), and every card, wonder and progress token (as written).
fn names() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut games = BTreeSet::new();
    let mut items = BTreeSet::new();
    for g in sevenw_cards::GAMES {
        games.insert(g.name.to_lowercase());
        if !g.family.is_empty() {
            games.insert(g.family.to_lowercase());
        }
        items.insert(g.title.to_string());
        items.extend(g.cards.iter().map(|c| c.name.to_string()));
        items.extend(g.wonders.iter().map(|w| w.name.to_string()));
        items.extend(g.progress.iter().map(|p| p.name.to_string()));
    }
    (games, items)
}

/// Names of games that are also a noun of the shared code: the expansion
/// `cities` (7 Wonders: Cities) is the plural of the city every game is
/// made of. Such a name alone as an identifier (`cities`, the cities at the
/// table) is the noun: a variable cannot single out a game, a comparison
/// with its name in a string or a longer identifier (`is_cities`,
/// `CitiesRule`) can, and those are still read. So are strings, but for
/// the few listed in [`NOUN_STRINGS`], each read and found to be the noun.
const NOUNS: &[&str] = &["cities"];

/// Strings of the shared code that hold a name of [`NOUNS`] as the noun:
/// (file, the whole string). A string not listed here is read as usual.
const NOUN_STRINGS: &[(&str, &str)] = &[
    // The message of a soak check.
    (
        "runtime/src/soak.rs",
        "the final cities score the same as a sheet",
    ),
    // A key of the views the table renders, and the class and id of the
    // element it renders them in.
    ("runtime/serve/static/table.js", "cities"),
];

fn violations(
    path: &Path,
    text: &str,
    games: &BTreeSet<String>,
    items: &BTreeSet<String>,
) -> Vec<String> {
    let code = match path.extension().and_then(|x| x.to_str()) {
        Some("py") => read_script(text, true),
        Some("js") | Some("mjs") => read_script(text, false),
        _ => read_code(text),
    };
    let mut out = Vec::new();
    let shown = path.display();
    let noun_string = |lit: &str, g: &str| {
        NOUNS.contains(&g)
            && NOUN_STRINGS
                .iter()
                .any(|(file, s)| path == Path::new(file) && lit == *s)
    };
    for (line, lit) in &code.strings {
        for g in games
            .iter()
            .filter(|g| holds_word(lit, g, true) && !noun_string(lit, g))
        {
            out.push(format!(
                "{shown}:{line}: the string {lit:?} names the game `{g}`"
            ));
        }
        for n in items.iter().filter(|n| holds_word(lit, n, false)) {
            out.push(format!("{shown}:{line}: the string {lit:?} names `{n}`"));
        }
    }
    for (line, ident) in &code.idents {
        let w = words(ident);
        let noun = |g: &str| NOUNS.contains(&g) && w.len() == 1;
        for g in games.iter().filter(|g| w.contains(g) && !noun(g)) {
            out.push(format!(
                "{shown}:{line}: the identifier `{ident}` names the game `{g}`"
            ));
        }
    }
    out
}

#[test]
fn shared_code_names_no_game() {
    let (games, items) = names();
    // The names come from the shipped library: enough of them to matter.
    assert!(
        games.contains("duel") && games.contains("leaders"),
        "{games:?}"
    );
    assert!(items.len() > 200, "{}", items.len());
    let root = root();
    let mut files = Vec::new();
    for s in SHARED {
        let p = root.join(s);
        assert!(p.exists(), "{s} is named as shared code but does not exist");
        source_files(&p, &mut files);
    }
    assert!(files.len() > 20, "{files:?}");
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let rel = f.strip_prefix(&root).unwrap_or(f);
        found.extend(violations(rel, &text, &games, &items));
    }
    assert!(
        found.is_empty(),
        "shared code names games (move the rule into the game's folder, or make it data):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    let games: BTreeSet<String> = ["duel", "leaders", "base"].map(String::from).into();
    let items: BTreeSet<String> = ["Giza", "Lumber Yard"].map(String::from).into();
    let p = Path::new("x.rs");
    let v = |text: &str| violations(p, text, &games, &items);
    // Strings and identifiers are read …
    assert_eq!(v("let k = \"Duel\";\n").len(), 1);
    assert_eq!(v("fn f() { g(\"build Lumber Yard\") }\n").len(), 1);
    assert_eq!(v("struct LeadersArg;\n").len(), 1);
    assert_eq!(v("let is_duel = 1;\n").len(), 1);
    assert_eq!(v("let s = r#\"Giza\"#;\n").len(), 1);
    assert!(v("let s = \"x\";\nlet t = \"Giza\";\n")[0].starts_with("x.rs:2:"));
    // … comments, other words and the final test module are not.
    assert!(v("// the Duel rule\nlet x = 1; /* Giza */\n").is_empty());
    assert!(
        v("let database = \"gizas lumber\";\nlet c = '\"'; let d = \"Basement\";\n").is_empty()
    );
    assert!(
        v("fn f<'a>(x: &'a str) {}\n#[cfg(test)]\nmod tests {\n  const G: &str = \"duel\";\n}\n")
            .is_empty()
    );
    // Python and JavaScript: strings and identifiers, not comments nor
    // Python's documentation.
    let py = |text: &str| violations(Path::new("x.py"), text, &games, &items);
    assert_eq!(py("if game in (None, 'base'):\n").len(), 1);
    assert_eq!(py("x = 1\nis_duel = \"Giza\"\n").len(), 2);
    assert!(py("\"\"\"The base game's turns.\"\"\"\n# Duel too\nx = 'it\\'s'\n").is_empty());
    let js = |text: &str| violations(Path::new("x.js"), text, &games, &items);
    assert_eq!(
        js("const k = `Lumber Yard`;\nlet leaders_on = 1;\n").len(),
        2
    );
    assert!(js("// Duel\n/* Giza */ const c = \"x\";\n").is_empty());
    assert!(js("let s = 'a';\nlet t = \"Giza\";\n")[0].starts_with("x.js:2:"));
    // A game named by a noun of the code (Cities): the noun alone as an
    // identifier is not read as the game, a longer identifier and a string
    // are, but for the strings listed, in their files only.
    let games: BTreeSet<String> = ["cities"].map(String::from).into();
    let at = |file: &str, text: &str| violations(Path::new(file), text, &games, &items);
    assert!(at("x.rs", "fn f(cities: &[City]) -> usize { cities.len() }\n").is_empty());
    assert_eq!(
        at("x.rs", "let is_cities = 1;\nstruct CitiesRule;\n").len(),
        2
    );
    assert_eq!(at("x.rs", "if g.name == \"cities\" {}\n").len(), 1);
    assert_eq!(at("x.js", "const K = [\"cities\"];\n").len(), 1);
    assert!(at("runtime/serve/static/table.js", "const K = [\"cities\"];\n").is_empty());
    assert_eq!(
        at(
            "runtime/serve/static/table.js",
            "if (g === \"Cities\") {}\n"
        )
        .len(),
        1
    );
}
