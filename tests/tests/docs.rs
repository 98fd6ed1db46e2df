//! The documents stay honest: every path `ARCHITECTURE.md` and the
//! runtime's documents name exists, the guides carry no commit hash and no
//! path to the rulebooks outside the repository, each document stays within
//! its size (README a short guide, ARCHITECTURE a map), and README's set-up
//! commands are the ones CI runs.

use std::fs;
use std::path::{Path, PathBuf};

/// README's size limit, in bytes.
const README_MAX_BYTES: usize = 14_000;

/// ARCHITECTURE's size limit, in bytes: a map, the detail in the modules'
/// own docs.
const ARCHITECTURE_MAX_BYTES: usize = 20_000;

/// The runtime's documents, one per reader, each with its size limit in
/// bytes; their paths are relative to `runtime/` (or its `src/`) or to the
/// repository's root.
const RUNTIME_DOCS: [(&str, usize); 6] = [
    ("runtime/README.md", 24_000),
    ("runtime/COMMANDS.md", 24_000),
    ("runtime/RULES.md", 24_000),
    ("runtime/DUEL.md", 24_000),
    ("runtime/FORMATS.md", 40_000),
    ("runtime/SHEETS.md", 24_000),
];

/// The documents that must not read as a log.
const GUIDES: [&str; 9] = [
    "README.md",
    "ARCHITECTURE.md",
    "runtime/benches/README.md",
    "runtime/README.md",
    "runtime/COMMANDS.md",
    "runtime/RULES.md",
    "runtime/DUEL.md",
    "runtime/FORMATS.md",
    "runtime/SHEETS.md",
];

/// The extensions that make a code span a path even without a `/`.
const PATH_EXTENSIONS: [&str; 5] = [".rs", ".md", ".yaml", ".pest", ".toml"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the repository")
        .to_path_buf()
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// An inline code span of a Markdown document.
#[derive(Debug, PartialEq)]
struct Span {
    text: String,
    /// 1-based line of its opening backtick.
    line: usize,
    /// The folder of the `### `folder/`` heading it falls under, if any.
    folder: Option<String>,
}

/// The folder a heading line sets as the base of the paths under it: a
/// level-3 heading whose first code span is a folder (`### `compiler/` — …`);
/// any other heading sets none.
fn heading_folder(line: &str) -> Option<Option<String>> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if hashes == 0 || !line[hashes..].starts_with(' ') {
        return None;
    }
    if hashes != 3 {
        return Some(None);
    }
    let rest = &line[hashes..];
    let folder = rest
        .split('`')
        .nth(1)
        .filter(|s| s.ends_with('/') && rest.trim_start().starts_with('`'))
        .map(|s| s.trim_end_matches('/').to_string());
    Some(folder)
}

/// The inline code spans of `doc` outside fenced code blocks, each with its
/// line and the folder of the heading above it. A span may run over a line
/// break, as in Markdown; an unclosed backtick opens no span.
fn code_spans(doc: &str) -> Vec<Span> {
    // The text outside fences, each line with its number and base folder.
    let mut lines: Vec<(usize, Option<String>, &str)> = Vec::new();
    let mut fenced = false;
    let mut folder: Option<String> = None;
    for (i, line) in doc.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if let Some(f) = heading_folder(line) {
            folder = f;
        }
        lines.push((i + 1, folder.clone(), line));
    }
    let mut text = String::new();
    let mut starts = Vec::new(); // (byte offset in `text`, line, folder)
    for (line, folder, content) in &lines {
        starts.push((text.len(), *line, folder.clone()));
        text.push_str(content);
        text.push('\n');
    }
    let at = |offset: usize| {
        let i = starts.partition_point(|(start, _, _)| *start <= offset) - 1;
        (starts[i].1, starts[i].2.clone())
    };

    let bytes = text.as_bytes();
    let run = |from: usize| bytes[from..].iter().take_while(|&&b| b == b'`').count();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let n = run(i);
        let open = i;
        let mut j = i + n;
        let mut close = None;
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let m = run(j);
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(c) => {
                let (line, folder) = at(open);
                let content = text[open + n..c].replace('\n', " ");
                spans.push(Span {
                    text: content.trim().to_string(),
                    line,
                    folder,
                });
                i = c + n;
            }
            None => i = open + n,
        }
    }
    spans
}

/// Whether a code span names a path: one word of path characters holding a
/// `/` or ending in a source or document extension.
fn is_path(text: &str) -> bool {
    let path_chars = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.-/<>*".contains(c));
    !text.is_empty()
        && path_chars
        && text.chars().any(|c| c.is_ascii_alphanumeric())
        && (text.contains('/') || PATH_EXTENSIONS.iter().any(|e| text.ends_with(e)))
}

/// `*` matches any run of characters, `<name>` any one path component.
fn component_matches(pattern: &str, name: &str) -> bool {
    let mut glob = String::new();
    let mut in_angle = false;
    for c in pattern.chars() {
        match c {
            '<' => {
                in_angle = true;
                glob.push('*');
            }
            '>' => in_angle = false,
            _ if in_angle => {}
            c => glob.push(c),
        }
    }
    glob_matches(glob.as_bytes(), name.as_bytes())
}

fn glob_matches(pattern: &[u8], name: &[u8]) -> bool {
    match pattern.split_first() {
        None => name.is_empty(),
        Some((b'*', rest)) => (0..=name.len()).any(|k| glob_matches(rest, &name[k..])),
        Some((&p, rest)) => name
            .split_first()
            .is_some_and(|(&n, tail)| n == p && glob_matches(rest, tail)),
    }
}

/// Whether `components`, below `dir`, lead to an existing entry (a folder
/// when `folder` is set); wildcard components try every entry.
fn exists(dir: &Path, components: &[&str], folder: bool) -> bool {
    let Some((first, rest)) = components.split_first() else {
        return if folder { dir.is_dir() } else { dir.exists() };
    };
    if first.contains('<') || first.contains('*') {
        let Ok(entries) = fs::read_dir(dir) else {
            return false;
        };
        entries.flatten().any(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            component_matches(first, &name) && exists(&entry.path(), rest, folder)
        })
    } else {
        let next = dir.join(first);
        (rest.is_empty() || next.is_dir()) && exists(&next, rest, folder)
    }
}

/// Where a path named in a document may be, by the document's convention:
/// the repository root; the document's own folders (`home`, each or its
/// `src/`); or under a folder's heading that folder or its `src/`.
fn resolves(root: &Path, path: &str, home: &[&str], folder: Option<&str>) -> bool {
    let is_folder = path.ends_with('/');
    let components: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
    let mut bases = vec![root.to_path_buf()];
    for f in home.iter().copied().chain(folder) {
        bases.push(root.join(f));
        bases.push(root.join(f).join("src"));
    }
    bases
        .iter()
        .any(|base| exists(base, &components, is_folder))
}

/// The paths `doc` names that do not exist (or leave the repository), with
/// `home` the folders its paths may be relative to besides the root.
fn missing_paths(root: &Path, doc: &str, home: &[&str]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut missing = Vec::new();
    for span in code_spans(doc).into_iter().filter(|s| is_path(&s.text)) {
        checked += 1;
        let outside = span.text.starts_with('/') || span.text.split('/').any(|c| c == "..");
        if outside || !resolves(root, &span.text, home, span.folder.as_deref()) {
            missing.push(format!(
                "line {}: `{}`{}",
                span.line,
                span.text,
                span.folder
                    .as_deref()
                    .map(|f| format!(" (under `{f}/`)"))
                    .unwrap_or_default()
            ));
        }
    }
    (checked, missing)
}

/// The words of `text` that look like commit hashes: 7 to 40 hexadecimal
/// digits, at least one a digit and one a letter, with no other letter,
/// digit or `_` touching them.
fn commit_hashes(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| {
            (7..=40).contains(&w.len())
                && w.chars().all(|c| c.is_ascii_hexdigit())
                && w.chars().any(|c| c.is_ascii_digit())
                && w.chars().any(|c| c.is_ascii_alphabetic())
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_path_architecture_names_exists() {
    let root = root();
    let (checked, missing) = missing_paths(&root, &read("ARCHITECTURE.md"), &[]);
    assert!(
        checked >= 100,
        "only {checked} paths found in ARCHITECTURE.md: is the parser broken?"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_path_the_runtime_documents_name_exists() {
    let root = root();
    let mut problems = Vec::new();
    let mut checked = 0;
    for (doc, _) in RUNTIME_DOCS {
        let (n, missing) = missing_paths(&root, &read(doc), &["runtime"]);
        checked += n;
        problems.extend(missing.into_iter().map(|m| format!("{doc}: {m}")));
    }
    assert!(
        checked >= 100,
        "only {checked} paths found in the runtime's documents: is the parser broken?"
    );
    assert!(
        problems.is_empty(),
        "the runtime's documents name paths that do not exist:\n{}",
        problems.join("\n")
    );
}

#[test]
fn architecture_is_a_map() {
    let size = read("ARCHITECTURE.md").len();
    assert!(
        size <= ARCHITECTURE_MAX_BYTES,
        "ARCHITECTURE.md is {size} bytes; a map holds at most {ARCHITECTURE_MAX_BYTES}: move a module's detail to its own doc comment (`//!`)"
    );
}

#[test]
fn the_runtime_documents_keep_to_their_sizes() {
    let mut over = Vec::new();
    for (doc, max) in RUNTIME_DOCS {
        let size = read(doc).len();
        if size > max {
            over.push(format!("{doc} is {size} bytes, over its {max}"));
        }
    }
    assert!(
        over.is_empty(),
        "{}: split the document by reader, or move detail to the modules' doc comments",
        over.join("; ")
    );
}

#[test]
fn the_guides_hold_no_commit_hash_and_no_outside_rulebook() {
    let mut problems = Vec::new();
    for guide in GUIDES {
        let text = read(guide);
        for (n, line) in text.lines().enumerate() {
            for hash in commit_hashes(line) {
                problems.push(format!("{guide}:{}: commit hash `{hash}`", n + 1));
            }
            for outside in ["shared/rules", "../shared/"] {
                if line.contains(outside) {
                    problems.push(format!("{guide}:{}: `{outside}`", n + 1));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn readme_is_a_short_guide() {
    let size = read("README.md").len();
    assert!(
        size <= README_MAX_BYTES,
        "README.md is {size} bytes; a guide holds at most {README_MAX_BYTES}: move reference material to the documents it links"
    );
}

#[test]
fn readme_set_up_is_what_ci_runs() {
    let readme = read("README.md");
    let ci = read(".ci/run");
    let check = "-p sevenc -- check cards";
    let ci_check = ci
        .lines()
        .find(|l| l.starts_with("cargo run") && l.ends_with(check))
        .expect(".ci/run checks the card library");
    let quiet = ci_check.replace(" --quiet", "");
    assert!(
        readme.lines().any(|l| l == ci_check || l == quiet),
        "README's set-up must run `{ci_check}` (with or without --quiet)"
    );
    let tests = "cargo test --workspace && bash python/test.sh";
    // CI's line ends in `|| exit 1`: `set -e` does not stop at a failure
    // before `&&`.
    assert!(
        ci.lines().any(|l| l == format!("{tests} || exit 1")),
        ".ci/run must run `{tests} || exit 1`"
    );
    assert!(
        readme.lines().any(|l| l == tests),
        "README must run `{tests}`"
    );
}

#[test]
fn the_rules_catch_what_they_are_for() {
    let root = root();
    // A path that is not there, a path under a folder's heading, a wildcard.
    let doc = "## Map\n\n### `compiler/` — x\n- `lib.rs`, `src/nowhere.rs`, `tests/<name>.rs`\n\
               ```\n`not/checked.rs`\n```\n## Other\n- `lib.rs` and `../shared/x.md`, `cards/<game>/game.yaml`\n";
    let (checked, missing) = missing_paths(&root, doc, &[]);
    assert_eq!(checked, 7, "the heading's `compiler/` is a path too");
    assert_eq!(
        missing,
        [
            "line 4: `src/nowhere.rs` (under `compiler/`)",
            "line 9: `lib.rs`",
            "line 9: `../shared/x.md`",
        ]
    );
    // A document's own folder: a path relative to it, or to its `src/`.
    let doc = "`sheets/example.yaml`, `engine/city.rs`, `src/nowhere.rs`, `Cargo.toml`\n";
    let (checked, missing) = missing_paths(&root, doc, &["runtime"]);
    assert_eq!(checked, 4);
    assert_eq!(missing, ["line 1: `src/nowhere.rs`"]);
    let (_, missing) = missing_paths(&root, doc, &[]);
    assert_eq!(
        missing.len(),
        3,
        "without its folder only `Cargo.toml` is found"
    );
    assert!(!is_path("cli::main_with(GAMES)"));
    assert!(!is_path("sevenc check | gen"));
    assert!(is_path("DSL.md"));
    assert!(is_path("schemas/"));
    // Commit hashes, and words that only look like them.
    assert_eq!(
        commit_hashes(
            "d1df96d, c8241b5 and a807c7c1234 (not E0102, 1,605, deadbeef, 2026-11-26, 0x1f2e3d4c5b)"
        ),
        ["d1df96d", "c8241b5", "a807c7c1234"]
    );
}

/// The table of `Host` primitives in `dsl/HOST.md`, between `<!-- primitives
/// -->` and `<!-- /primitives -->`, from `sevenw_host::PRIMITIVES` (the
/// primitives' doc comments): with `SEVENW_UPDATE_DOCS=1` the test writes it.
#[test]
fn host_md_lists_every_primitive() {
    let mut want = String::from("| primitive | what the engine must do |\n| --- | --- |\n");
    for p in sevenw_host::PRIMITIVES {
        let doc: Vec<&str> = p.doc.lines().map(str::trim).collect();
        let returns = if p.returns.is_empty() {
            String::new()
        } else {
            format!(" -> {}", p.returns)
        };
        want.push_str(&format!(
            "| `{}({}){returns}` | {} |\n",
            p.name,
            p.args,
            doc.join(" ")
        ));
    }
    let path = root().join("dsl/HOST.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (open, close) = ("<!-- primitives -->\n", "<!-- /primitives -->");
    let a = text.find(open).expect("HOST.md has `<!-- primitives -->`") + open.len();
    let b = text
        .find(close)
        .expect("HOST.md has `<!-- /primitives -->`");
    if text[a..b] != want {
        if std::env::var_os("SEVENW_UPDATE_DOCS").is_some() {
            std::fs::write(&path, format!("{}{want}{}", &text[..a], &text[b..])).unwrap();
        } else {
            panic!(
                "dsl/HOST.md's primitives are stale: run `SEVENW_UPDATE_DOCS=1 cargo test -p sevenw-tests --test docs`"
            );
        }
    }
}
