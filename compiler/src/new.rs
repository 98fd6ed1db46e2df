//! `sevenc new`: a folder a designer can work in at once — a card set, a
//! scenario test, a README, and a small Cargo project whose binary is
//! `sevenw` over the shipped games and that card set.
//!
//! Two starting points: an expansion of the base game (a `game.yaml` that
//! `extends: base` and one example card with its scenario), or a game of
//! one's own that starts as a copy of a shipped game (its card files, and
//! its scenarios, which keep testing the copy as it changes).

use std::fmt;
use std::path::{Path, PathBuf};

/// What to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// An expansion of the shipped game of this name (only `base` has an
    /// example card to start from).
    Extends(String),
    /// A game of one's own, copied from the shipped game of this name.
    Copy(String),
}

/// Where and what.
#[derive(Clone, Debug)]
pub struct NewOptions {
    /// The folder to create; its last component names the card set.
    pub dir: PathBuf,
    pub start: Start,
    /// The checkout of this project whose crates the new project builds
    /// against (its `runtime/` and `compiler/`).
    pub project: PathBuf,
    /// The shipped card library.
    pub library: PathBuf,
}

/// What was created.
#[derive(Clone, Debug)]
pub struct Created {
    /// The card set's name (the folder's).
    pub name: String,
    /// Every file written, relative to the folder.
    pub files: Vec<PathBuf>,
}

/// Why nothing was created.
#[derive(Debug)]
pub enum NewError {
    /// The folder's name cannot name a card set and a Cargo package.
    BadName(String),
    /// The folder exists and is not empty.
    Exists(PathBuf),
    /// No shipped game of that name (the names there are).
    UnknownGame { name: String, known: Vec<String> },
    /// Only these games can be extended from a template.
    NoTemplate { name: String },
    /// The project's crates are not at the path given.
    NoProject(PathBuf),
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl fmt::Display for NewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewError::BadName(n) => write!(
                f,
                "`{}` cannot name a card set: use lowercase ASCII letters, digits and `-`, starting with a letter (e.g. `my-expansion`)",
                crate::diag::escape_controls(n)
            ),
            NewError::Exists(p) => write!(
                f,
                "{} exists and is not empty: choose a new folder",
                p.display()
            ),
            NewError::UnknownGame { name, known } => write!(
                f,
                "no shipped game is called `{}` (games: {})",
                crate::diag::escape_controls(name),
                known.join(", ")
            ),
            NewError::NoTemplate { name } => write!(
                f,
                "there is no expansion template for `{}` yet: use `--extends base`, or `--game {}` to start a game of your own from a copy of it",
                crate::diag::escape_controls(name),
                crate::diag::escape_controls(name)
            ),
            NewError::NoProject(p) => write!(
                f,
                "the sevenw project is not at {} (it needs runtime/Cargo.toml and compiler/Cargo.toml): pass --project with a checkout of it",
                p.display()
            ),
            NewError::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for NewError {}

const CARGO_TOML: &str = include_str!("../templates/new/Cargo.toml.in");
const BUILD_RS: &str = include_str!("../templates/new/build.rs");
const MAIN_RS: &str = include_str!("../templates/new/main.rs");
const README: &str = include_str!("../templates/new/README.md.in");
const GITIGNORE: &str = include_str!("../templates/new/gitignore");
const EXPANSION_GAME: &str = include_str!("../templates/new/expansion-game.yaml.in");
const BASE_CARDS: &str = include_str!("../templates/new/expansion-base-cards.yaml.in");
const BASE_TEST: &str = include_str!("../templates/new/expansion-base-test.yaml.in");
const BASE_AGE1: &str = include_str!("../templates/new/expansion-base-age1.yaml.in");
const BASE_WONDERS: &str = include_str!("../templates/new/expansion-base-wonders.yaml.in");
const DUEL_CARDS: &str = include_str!("../templates/new/expansion-duel-cards.yaml.in");
const DUEL_AGE1: &str = include_str!("../templates/new/expansion-duel-age1.yaml.in");
const DUEL_WONDERS: &str = include_str!("../templates/new/expansion-duel-wonders.yaml.in");
const DUEL_PROGRESS: &str = include_str!("../templates/new/expansion-duel-progress.yaml.in");
const DUEL_TEST: &str = include_str!("../templates/new/expansion-duel-test.yaml.in");
const ARCHITECTS_CARDS: &str = include_str!("../templates/new/expansion-architects-cards.yaml.in");
const ARCHITECTS_WONDERS: &str =
    include_str!("../templates/new/expansion-architects-wonders.yaml.in");
const ARCHITECTS_TEST: &str = include_str!("../templates/new/expansion-architects-test.yaml.in");
const ARCHITECTS_PROGRESS: &str =
    include_str!("../templates/new/expansion-architects-progress.yaml.in");
const LEADERS_CARDS: &str = include_str!("../templates/new/expansion-leaders-cards.yaml.in");
const LEADERS_TEST: &str = include_str!("../templates/new/expansion-leaders-test.yaml.in");
const PANTHEON_CARDS: &str = include_str!("../templates/new/expansion-pantheon-cards.yaml.in");
const PANTHEON_TEST: &str = include_str!("../templates/new/expansion-pantheon-test.yaml.in");
const AGORA_CARDS: &str = include_str!("../templates/new/expansion-agora-cards.yaml.in");
const AGORA_TEST: &str = include_str!("../templates/new/expansion-agora-test.yaml.in");

/// The example an expansion of a shipped game starts with.
struct Template {
    /// The game's name in prose.
    title: &'static str,
    /// (file in the card set's folder, template): its example.
    files: &'static [(&'static str, &'static str)],
    /// How many players `play` and `sim` are shown with (none: the game's only count).
    players: Option<(u8, u8)>,
}

/// The expansion templates, by the shipped game they extend (every edition
/// of it: an expansion extends a game, not an edition).
fn template(game: &str) -> Option<Template> {
    Some(match game {
        "base" => Template {
            title: "the base game",
            files: &[
                ("age1.yaml", BASE_AGE1),
                ("cards.yaml", BASE_CARDS),
                ("wonders.yaml", BASE_WONDERS),
                ("tests/cartographers.yaml", BASE_TEST),
            ],
            players: Some((4, 7)),
        },
        "duel" => Template {
            title: "7 Wonders Duel",
            files: &[
                ("age1.yaml", DUEL_AGE1),
                ("cards.yaml", DUEL_CARDS),
                ("wonders.yaml", DUEL_WONDERS),
                ("progress.yaml", DUEL_PROGRESS),
                ("tests/ferry.yaml", DUEL_TEST),
            ],
            players: None,
        },
        "architects" => Template {
            title: "7 Wonders Architects",
            files: &[
                ("cards.yaml", ARCHITECTS_CARDS),
                ("progress.yaml", ARCHITECTS_PROGRESS),
                ("wonders.yaml", ARCHITECTS_WONDERS),
                ("tests/lighthouse.yaml", ARCHITECTS_TEST),
            ],
            players: Some((4, 7)),
        },
        // An expansion of an expansion: played with Leaders (`extends:
        // leaders`), a leader of its own.
        "leaders" => Template {
            title: "Leaders",
            files: &[
                ("leaders.yaml", LEADERS_CARDS),
                ("tests/herald.yaml", LEADERS_TEST),
            ],
            players: Some((4, 7)),
        },
        // Played with Duel's Pantheon (`extends: pantheon`), a divinity of
        // its own.
        "pantheon" => Template {
            title: "Pantheon",
            files: &[
                ("divinities.yaml", PANTHEON_CARDS),
                ("tests/hestia.yaml", PANTHEON_TEST),
            ],
            players: None,
        },
        // Played with Duel's Agora (`extends: agora`), a conspiracy of its
        // own.
        "agora" => Template {
            title: "Agora",
            files: &[
                ("conspiracies.yaml", AGORA_CARDS),
                ("tests/bribery.yaml", AGORA_TEST),
            ],
            players: None,
        },
        _ => return None,
    })
}

/// The shipped expansions with a template of their own, by name, and the
/// game each extends: a set started from one extends it, and is played
/// with it.
const EXPANSION_TEMPLATES: &[(&str, &str)] =
    &[("leaders", "base"), ("pantheon", "duel"), ("agora", "duel")];

/// Whether `name` can name a card set, a folder and a Cargo package.
pub fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.ends_with('-')
}

/// `my-expansion` → `My expansion`.
fn title_of(name: &str) -> String {
    let words = name.replace('-', " ");
    let mut c = words.chars();
    match c.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

/// Fills `{key}` placeholders (`{{` and `}}` stand for braces).
fn fill(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (k, v) in vars {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out.replace("{{", "{").replace("}}", "}")
}

/// The Python keyword arguments of a selection for the command line's
/// `--game G --with E` options (`play`) and a player count:
/// `game="base", expansions=["harbours"], players=4`.
fn python_selection(play: &str, players: Option<u8>) -> String {
    let mut out = Vec::new();
    let mut words = play.split_whitespace();
    while let Some(flag) = words.next() {
        match (flag, words.next()) {
            ("--game", Some(g)) => out.push(format!("game=\"{g}\"")),
            ("--with", Some(w)) => {
                let list: Vec<String> = w.split(',').map(|e| format!("\"{e}\"")).collect();
                out.push(format!("expansions=[{}]", list.join(", ")));
            }
            _ => {}
        }
    }
    if let Some(p) = players {
        out.push(format!("players={p}"));
    }
    out.join(", ")
}

/// A path as TOML and Markdown show it (forward slashes).
fn shown(p: &Path) -> String {
    p.display().to_string().replace('\\', "/")
}

/// The shipped game folders: `(name, folder)` of those that are games of
/// their own (no `extends:`), read from each `game.yaml`'s `game:` line.
fn shipped_games(library: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(library) else {
        return out;
    };
    let mut dirs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    dirs.sort();
    for d in dirs {
        let Ok(text) = std::fs::read_to_string(d.join("game.yaml")) else {
            continue;
        };
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key))
                .map(|v| v.split('#').next().unwrap_or("").trim().to_string())
        };
        if field("extends:").is_some() || field("edition:").is_some_and(|e| e != "1") {
            continue;
        }
        if let Some(name) = field("game:") {
            out.push((name, d));
        }
    }
    out
}

/// Creates the folder. Nothing is written unless everything can be.
pub fn create(opts: &NewOptions) -> Result<Created, NewError> {
    let name = opts
        .dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !valid_name(&name) {
        return Err(NewError::BadName(name));
    }
    if opts.dir.exists() && std::fs::read_dir(&opts.dir).map_or(true, |mut d| d.next().is_some()) {
        return Err(NewError::Exists(opts.dir.clone()));
    }
    let project = std::fs::canonicalize(&opts.project).unwrap_or_else(|_| opts.project.clone());
    let (runtime, compiler) = (project.join("runtime"), project.join("compiler"));
    if !runtime.join("Cargo.toml").is_file() || !compiler.join("Cargo.toml").is_file() {
        return Err(NewError::NoProject(opts.project.clone()));
    }
    let shipped = shipped_games(&opts.library);
    let find = |game: &str| {
        shipped
            .iter()
            .find(|(n, _)| n == game)
            .map(|(_, d)| d.clone())
            .ok_or_else(|| NewError::UnknownGame {
                name: game.to_string(),
                known: shipped
                    .iter()
                    .map(|(n, _)| n.clone())
                    .chain(EXPANSION_TEMPLATES.iter().map(|(e, _)| e.to_string()))
                    .collect(),
            })
    };
    let title = title_of(&name);
    let cards = PathBuf::from("cards").join(&name);
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    let (what, play, players) = match &opts.start {
        Start::Extends(game) => {
            // A shipped expansion with a template: the set is played with it.
            let played_with = EXPANSION_TEMPLATES
                .iter()
                .find(|(e, _)| e == game)
                .filter(|(e, _)| opts.library.join(e).join("game.yaml").is_file());
            if played_with.is_none() {
                find(game)?;
            }
            let Some(t) = template(game) else {
                return Err(NewError::NoTemplate { name: game.clone() });
            };
            let vars = [
                ("name", name.as_str()),
                ("title", title.as_str()),
                ("game", game.as_str()),
                ("game_title", t.title),
            ];
            files.push((cards.join("game.yaml"), fill(EXPANSION_GAME, &vars)));
            for (file, text) in t.files {
                files.push((cards.join(file), fill(text, &vars)));
            }
            match played_with {
                Some((_, root)) => (
                    format!(
                        "An expansion of `{root}` played with {}: `cards/{name}/game.yaml` extends `{game}`, so it is in play only with it and uses its names.",
                        t.title
                    ),
                    format!("--game {root} --with {game},{name}"),
                    t.players,
                ),
                None => (
                    format!(
                        "An expansion of {}: `cards/{name}/game.yaml` extends `{game}` (either edition, where it has two).",
                        t.title
                    ),
                    format!("--game {game} --with {name}"),
                    t.players,
                ),
            }
        }
        Start::Copy(game) => {
            let from = find(game)?;
            copy_game(&from, game, &name, &title, &cards, &mut files);
            (
                format!(
                    "A game of its own, begun as a copy of the shipped `{game}` (its rules \
                     are the {game} game's; its cards and scenarios are yours to change)."
                ),
                format!("--game {name}"),
                (game != "duel").then_some((4, 7)),
            )
        }
    };
    let scenarios_made = files
        .iter()
        .any(|(p, _)| p.starts_with(cards.join("tests")));
    let (play_players, sim_players) = match players {
        Some((p, s)) => (format!(" --players {p}"), format!(" --players {s}")),
        None => (String::new(), String::new()),
    };
    let dsl = shown(&project.join("dsl").join("DSL.md"));
    let scenarios = shown(&project.join("dsl").join("SCENARIOS.md"));
    let library = std::fs::canonicalize(&opts.library).unwrap_or_else(|_| opts.library.clone());
    let library = shown(&library);
    let tests_line = if scenarios_made {
        format!("- `cards/{name}/tests/`: scenario tests (`{scenarios}`).\n")
    } else {
        format!(
            "- `cards/{name}/tests/`: put scenario tests there (`{scenarios}`), run with\n  `cargo run --release -- test cards/{name}`.\n"
        )
    };
    let test_command = if scenarios_made {
        format!("    cargo run --release -- test cards/{name}          # the scenarios\n")
    } else {
        String::new()
    };
    let python_selection = python_selection(&play, players.map(|(p, _)| p));
    let vars = [
        ("name", name.as_str()),
        ("title", title.as_str()),
        ("what", what.as_str()),
        ("play", play.as_str()),
        ("dsl", dsl.as_str()),
        ("tests_line", tests_line.as_str()),
        ("test_command", test_command.as_str()),
        ("play_players", play_players.as_str()),
        ("sim_players", sim_players.as_str()),
        ("library", library.as_str()),
        ("runtime", &shown(&runtime)),
        ("compiler", &shown(&compiler)),
        ("python", &shown(&project.join("python"))),
        ("python_selection", python_selection.as_str()),
    ];
    files.push(("Cargo.toml".into(), fill(CARGO_TOML, &vars)));
    files.push(("build.rs".into(), BUILD_RS.to_string()));
    files.push((PathBuf::from("src").join("main.rs"), MAIN_RS.to_string()));
    files.push(("README.md".into(), fill(README, &vars)));
    files.push((".gitignore".into(), GITIGNORE.to_string()));
    // The project's lock file: the new project starts with the versions of
    // every crate the project is tested with (cargo adds its own package).
    if let Ok(lock) = std::fs::read_to_string(project.join("Cargo.lock")) {
        files.push(("Cargo.lock".into(), lock));
    }
    for (rel, text) in &files {
        let path = opts.dir.join(rel);
        let io = |error| NewError::Io {
            path: path.clone(),
            error,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        std::fs::write(&path, text).map_err(io)?;
    }
    Ok(Created {
        name,
        files: files.into_iter().map(|(p, _)| p).collect(),
    })
}

/// The card files of the shipped game `from` as the game `name`, and its
/// scenarios of the game alone (no expansion, its first edition).
fn copy_game(
    from: &Path,
    game: &str,
    name: &str,
    title: &str,
    cards: &Path,
    files: &mut Vec<(PathBuf, String)>,
) {
    let yaml = |p: &Path| {
        p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
    };
    let sorted = |d: &Path| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(d)
            .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        v.sort();
        v
    };
    let game_line = format!("game: {game}");
    for p in sorted(from).into_iter().filter(|p| yaml(p)) {
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        let file = p.file_name().map(PathBuf::from).unwrap_or_default();
        let text = if file == Path::new("game.yaml") {
            let mut out = format!("# {title}: begun as a copy of the shipped game `{game}`.\n");
            for line in text.lines() {
                if line.trim_end() == game_line {
                    out.push_str(&format!("game: {name}\n"));
                } else if line.starts_with("title:") {
                    out.push_str(&format!("title: {title}\n"));
                } else {
                    out.push_str(line);
                    out.push('\n');
                }
            }
            out
        } else {
            text
        };
        files.push((cards.join(file), text));
    }
    for p in sorted(&from.join("tests")).into_iter().filter(|p| yaml(p)) {
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        let only_game = text.lines().any(|l| l.trim_end() == game_line)
            && !text
                .lines()
                .any(|l| l.starts_with("expansions:") || l.starts_with("edition:"));
        if !only_game {
            continue;
        }
        let text: String = text
            .lines()
            .map(|l| {
                if l.trim_end() == game_line {
                    format!("game: {name}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let file = p.file_name().map(PathBuf::from).unwrap_or_default();
        files.push((cards.join("tests").join(file), text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    use crate::testkit::Scratch;

    fn opts(dir: PathBuf, start: Start) -> NewOptions {
        NewOptions {
            dir,
            start,
            project: project(),
            library: project().join("cards"),
        }
    }

    #[test]
    fn names_are_those_of_a_folder_a_game_and_a_package() {
        for ok in ["guests", "my-expansion", "set2"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in ["", "My", "2nd", "my_set", "a-", "a b", "ä", &"a".repeat(65)] {
            assert!(!valid_name(bad), "{bad}");
        }
        assert_eq!(title_of("my-expansion"), "My expansion");
    }

    #[test]
    fn an_expansion_of_base_checks_clean_with_the_shipped_library() {
        let scratch = Scratch::new("new-ext");
        let root = scratch.0.join("my-expansion");
        let made = create(&opts(root.clone(), Start::Extends("base".into()))).unwrap();
        assert_eq!(made.name, "my-expansion");
        for f in ["Cargo.toml", "build.rs", "src/main.rs", "README.md"] {
            assert!(root.join(f).is_file(), "{f}");
        }
        let toml = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(toml.contains("name = \"my-expansion\""));
        assert!(
            toml.contains("/runtime/cli\", features = [\"serve\"] }"),
            "{toml}"
        );
        let compiled = crate::check(&[project().join("cards"), root.join("cards")]);
        assert_eq!(
            compiled.report.errors() + compiled.report.warnings(),
            0,
            "{}",
            compiled.report.render(&compiled.sources, false)
        );
        let lib = compiled.library.unwrap();
        let g = lib.games.iter().find(|g| g.name == "my-expansion").unwrap();
        assert_eq!((g.cards.len(), g.wonders.len()), (2, 1));
    }

    #[test]
    fn an_expansion_of_every_shipped_game_checks_clean_in_its_folder() {
        let scratch = Scratch::new("new-ext-all");
        let games = shipped_games(&project().join("cards"));
        assert!(games.len() >= 3, "{games:?}");
        for (game, _) in games {
            let root = scratch.0.join(format!("more-{game}"));
            let made = create(&opts(root.clone(), Start::Extends(game.clone()))).unwrap();
            let yaml =
                std::fs::read_to_string(root.join(format!("cards/more-{game}/game.yaml"))).unwrap();
            assert!(yaml.contains(&format!("\nextends: {game}\n")), "{yaml}");
            // Only the folder's cards are named: the game it extends is
            // found through its Cargo.toml, as `sevenc check` there does.
            let compiled = crate::check(&[root.join("cards")]);
            assert_eq!(
                compiled.report.errors() + compiled.report.warnings(),
                0,
                "{game}: {}",
                compiled.report.render(&compiled.sources, false)
            );
            let lib = compiled.library.unwrap();
            assert!(lib.games.iter().any(|g| g.name == game), "{game}");
            let mine = lib.games.iter().find(|g| g.name == made.name).unwrap();
            assert_eq!(mine.extends.as_deref(), Some(game.as_str()));
            // One of each kind of thing the family deals, and a scenario.
            let kinds = (mine.cards.len(), mine.wonders.len(), mine.progress.len());
            let want = match game.as_str() {
                "base" => (2, 1, 0),
                "duel" => (2, 1, 1),
                "architects" => (4, 1, 1),
                other => panic!("no template expected for {other}"),
            };
            assert_eq!(kinds, want, "{game}");
            assert!(
                made.files
                    .iter()
                    .any(|f| f.starts_with(format!("cards/more-{game}/tests"))),
                "{game}: a scenario"
            );
            let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
            assert!(
                readme.contains(&format!("--game {game} --with more-{game}")),
                "{readme}"
            );
            // The command that installs `sevenc` names its crate.
            let install = (readme.lines())
                .find_map(|l| l.trim().strip_prefix("cargo install --path "))
                .unwrap_or_else(|| panic!("no `cargo install` in {readme}"));
            let manifest = std::fs::read_to_string(Path::new(install).join("Cargo.toml"));
            assert!(
                manifest.is_ok_and(|m| m.contains("\nname = \"sevenc\"\n")),
                "{install}"
            );
            let python = format!(
                "    SEVENW_CARD_SETS=$PWD/cards pip install {}\n",
                shown(&std::fs::canonicalize(project().join("python")).unwrap())
            );
            assert!(readme.contains(&python), "{readme}");
            assert!(
                readme.contains(&format!(
                    "sevenw.Game(game=\"{game}\", expansions=[\"more-{game}\"]"
                )),
                "{readme}"
            );
        }
    }

    /// A set started with `--extends expansion` in a folder `set`: it
    /// extends the expansion, checks clean, is an expansion of `game`
    /// played with it, and its README plays and imports it so.
    fn played_with(expansion: &str, set: &str, game: &str) {
        let scratch = Scratch::new(&format!("new-ext-{expansion}"));
        let root = scratch.0.join(set);
        let made = create(&opts(root.clone(), Start::Extends(expansion.into()))).unwrap();
        let yaml = std::fs::read_to_string(root.join(format!("cards/{set}/game.yaml"))).unwrap();
        assert!(
            yaml.contains(&format!("\nextends: {expansion}\n")),
            "{yaml}"
        );
        let compiled = crate::check(&[root.join("cards")]);
        assert_eq!(
            compiled.report.errors() + compiled.report.warnings(),
            0,
            "{}",
            compiled.report.render(&compiled.sources, false)
        );
        let lib = compiled.library.unwrap();
        let mine = lib.games.iter().find(|g| g.name == made.name).unwrap();
        assert_eq!(mine.extends.as_deref(), Some(game));
        assert_eq!(mine.with, [expansion]);
        assert_eq!(mine.cards.len(), 1);
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let command = format!("--game {game} --with {expansion},{set}");
        assert!(readme.contains(&command), "{readme}");
        let python =
            format!("sevenw.Game(game=\"{game}\", expansions=[\"{expansion}\", \"{set}\"]");
        assert!(readme.contains(&python), "{readme}");
    }

    #[test]
    fn an_expansion_of_leaders_is_played_with_it_and_checks_clean() {
        played_with("leaders", "heralds", "base");
    }

    #[test]
    fn an_expansion_of_pantheon_is_played_with_it_and_checks_clean() {
        played_with("pantheon", "hearths", "duel");
    }

    #[test]
    fn an_expansion_of_agora_is_played_with_it_and_checks_clean() {
        played_with("agora", "intrigues", "duel");
    }

    #[test]
    fn a_copy_of_duel_is_a_game_of_its_own_that_checks_clean() {
        let scratch = Scratch::new("new-copy");
        let root = scratch.0.join("my-duel");
        let made = create(&opts(root.clone(), Start::Copy("duel".into()))).unwrap();
        let game = std::fs::read_to_string(root.join("cards/my-duel/game.yaml")).unwrap();
        assert!(game.contains("\ngame: my-duel\n"), "{game}");
        // Its scenarios came along, renamed.
        let tests: Vec<_> = made
            .files
            .iter()
            .filter(|f| f.starts_with("cards/my-duel/tests"))
            .collect();
        assert!(tests.len() > 10, "{tests:?}");
        let one = std::fs::read_to_string(root.join(tests[0])).unwrap();
        assert!(one.contains("game: my-duel\n") && !one.contains("game: duel\n"));
        let compiled = crate::check(&[project().join("cards"), root.join("cards")]);
        assert_eq!(
            compiled.report.errors(),
            0,
            "{}",
            compiled.report.render(&compiled.sources, false)
        );
        assert!(
            compiled
                .library
                .unwrap()
                .games
                .iter()
                .any(|g| g.name == "my-duel")
        );
    }

    #[test]
    fn mistakes_are_refused_before_anything_is_written() {
        let scratch = Scratch::new("new-bad");
        let root = scratch.0.clone();
        let e = create(&opts(root.join("My Set"), Start::Extends("base".into()))).unwrap_err();
        assert!(e.to_string().contains("cannot name a card set"), "{e}");
        let e = create(&opts(root.join("x"), Start::Extends("chess".into()))).unwrap_err();
        assert!(
            e.to_string().contains("games: architects, base, duel"),
            "{e}"
        );
        let mut o = opts(root.join("x"), Start::Extends("base".into()));
        o.project = root.join("nowhere");
        assert!(matches!(create(&o), Err(NewError::NoProject(_))));
        assert!(!root.join("x").exists());
        // A folder with something in it is left alone.
        std::fs::create_dir_all(root.join("full")).unwrap();
        std::fs::write(root.join("full/notes.txt"), "mine").unwrap();
        let e = create(&opts(root.join("full"), Start::Extends("base".into()))).unwrap_err();
        assert!(matches!(e, NewError::Exists(_)));
        assert_eq!(
            std::fs::read_to_string(root.join("full/notes.txt")).unwrap(),
            "mine"
        );
    }
}
