//! The card compiler: YAML card sets and their effect language, checked and
//! turned into Rust.
//!
//! The pipeline is a chain of passes, each a module taking the previous
//! pass's output type and writing every problem it finds into one
//! [`diag::Report`]:
//!
//! 1. [`load`]: folders and YAML → [`load::GameSrc`] (text with spans)
//! 2. [`parse`]: effect and cost text → syntax trees ([`parse::GameAst`])
//! 3. [`resolve`]: names → indices of the game's vocabulary ([`resolve::Game`])
//! 4. [`validate`]: rules across cards (duplicates, chains, decks, wonders)
//! 5. [`lower`]: → [`ir::Library`], defaults made explicit, no spans
//! 6. [`codegen`]: IR → formatted Rust against the `sevenw-host` API
//!
//! From a build script, [`build::Builder`] runs the whole chain and writes
//! the generated Rust to `OUT_DIR` (as `prost-build` does for protobuf):
//!
//! ```no_run
//! // The `main` of build.rs in a crate that plays its own card set and
//! // the shipped games:
//! sevenw_compiler::build::Builder::new()
//!     .shipped_library()
//!     .card_set("cards")
//!     .compile_or_exit();
//! ```
//!
//! Every game names the game family whose rules play it (`family:` in its
//! game.yaml); the families a game may name are the [`Options`] of a check
//! ([`SHIPPED_FAMILIES`] by default, more with [`build::Builder::family`]).
//!
//! The crate then includes `concat!(env!("OUT_DIR"), "/cards.rs")`, which
//! needs only the `sevenw-host` crate; [`build`] shows the rest, and `sevenc
//! new` writes such a crate ([`new`]).
//!
//! The command line `sevenc` and its language server are a crate of their
//! own (`sevenc`, in `compiler/sevenc/`): this library links neither clap
//! nor the language server's crates.
#![forbid(unsafe_code)]

pub mod build;
pub mod codegen;
pub mod describe;
pub mod diag;
pub mod ir;
pub mod load;
pub mod lower;
pub mod new;
pub mod parse;
pub mod resolve;
pub mod shape;
pub mod source;
#[cfg(test)]
mod testkit;
pub mod validate;
pub mod vocab;
pub mod yaml;

pub use diag::{Code, Diagnostic, Report, Severity};
pub use source::Sources;

use std::path::PathBuf;

/// The game families the shipped runtime plays: what a game.yaml's
/// `family:` may name unless [`Options::families`] lists more (a crate's
/// own rules, added with [`build::Builder::family`] or `sevenc check
/// --family`).
pub const SHIPPED_FAMILIES: &[&str] = &["base", "duel", "architects"];

/// What the passes are told besides the files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The game families a game.yaml may name in `family:`, lowercase
    /// (default: [`SHIPPED_FAMILIES`]).
    pub families: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            families: SHIPPED_FAMILIES.iter().map(|f| f.to_string()).collect(),
        }
    }
}

impl Options {
    /// Adds a game family (its name trimmed and lowercased, as `family:`
    /// is read); one already known is not added twice.
    pub fn family(mut self, name: &str) -> Self {
        let name = name.trim().to_lowercase();
        if !self.families.contains(&name) {
            self.families.push(name);
        }
        self
    }
}

/// The result of checking a set: every file read, every problem found, and
/// the IR when there was no error.
#[derive(Debug)]
pub struct Compiled {
    pub sources: Sources,
    pub report: Report,
    pub library: Option<ir::Library>,
    /// The folders of the games read because an expansion checked extends
    /// them, not because a path named them ([`load::extended_dirs`]).
    pub extended: Vec<PathBuf>,
}

/// What the passes up to validation found: every file read, every problem,
/// and each game that has a usable vocabulary, resolved (for tools such as
/// the language server, which look names and places up in it).
#[derive(Debug)]
pub struct Analysis {
    pub sources: Sources,
    pub report: Report,
    pub games: Vec<resolve::Game>,
    /// See [`Compiled::extended`].
    pub extended: Vec<PathBuf>,
}

/// Runs every pass but lowering and code generation over the games named by
/// `paths`, reading the files of `overlay` from it, with `options`.
pub fn analyse(paths: &[PathBuf], overlay: &load::Overlay, options: &Options) -> Analysis {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let games = load::load_with(paths, overlay, &options.families, &mut sources, &mut report);
    analyse_loaded(games, options, sources, report)
}

/// The passes after loading, over `games` read into `sources`.
fn analyse_loaded(
    games: Vec<load::GameSrc>,
    options: &Options,
    sources: Sources,
    mut report: Report,
) -> Analysis {
    let extended_dirs = games
        .iter()
        .filter(|g| g.extended)
        .map(|g| g.dir.clone())
        .collect();
    let parsed: Vec<parse::GameAst> = games
        .into_iter()
        .map(|g| parse::parse(g, &mut report))
        .collect();
    let vocabs = vocab::build_all(&parsed, &options.families, &mut report);
    // An expansion's cards may name the cards of the game it extends.
    let extended: Vec<Vec<resolve::Extended>> = vocabs
        .iter()
        .map(|v| {
            match v
                .as_ref()
                .and_then(|v| Some((v.extends.as_deref()?, v.plays_at)))
            {
                Some((game, plays_at)) => resolve::extended_cards(game, plays_at, &parsed, &vocabs),
                None => Vec::new(),
            }
        })
        .collect();
    let resolved: Vec<resolve::Game> = parsed
        .into_iter()
        .zip(vocabs)
        .zip(extended)
        .filter_map(|((g, v), e)| resolve::resolve_in(g, v?, e, &mut report))
        .collect();
    for g in &resolved {
        validate::validate(g, &mut report);
    }
    validate::family(&resolved, &mut report);
    validate::family_limits(&resolved, validate::Limits::RUNTIME, &mut report);
    report.sort();
    Analysis {
        sources,
        report,
        games: resolved,
        extended: extended_dirs,
    }
}

/// Runs every pass but code generation over the games named by `paths`,
/// with the default [`Options`] (the shipped families).
pub fn check(paths: &[PathBuf]) -> Compiled {
    check_with(paths, &Options::default())
}

/// [`check`] with `options`: the families a game may name, say.
pub fn check_with(paths: &[PathBuf], options: &Options) -> Compiled {
    lowered(analyse(paths, &load::Overlay::default(), options))
}

/// [`check`] of one game held in memory, not on disk: `files` are its
/// files' names and texts, as if they stood in a folder named `folder`
/// (which diagnostics name). For tools that hold card sets themselves: a
/// fuzzer, a web page, a test. The families known are the shipped ones.
///
/// ```
/// let game = "game: mini\ntitle: Mini\nfamily: base\n";
/// let compiled = sevenw_compiler::check_texts("mini", &[("game.yaml", game)]);
/// assert!(compiled.report.has_errors(), "a game needs more than a title");
/// assert!(compiled.library.is_none());
/// ```
pub fn check_texts(folder: &str, files: &[(&str, &str)]) -> Compiled {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let game = load::load_texts(folder, files, &mut sources, &mut report);
    lowered(analyse_loaded(
        vec![game],
        &Options::default(),
        sources,
        report,
    ))
}

/// The IR of an analysis without errors.
fn lowered(a: Analysis) -> Compiled {
    let library = (!a.report.has_errors()).then(|| lower::lower(&a.games));
    Compiled {
        sources: a.sources,
        report: a.report,
        library,
        extended: a.extended,
    }
}
