//! `sevenc`: check a card library, generate its Rust, explain a diagnostic,
//! and serve editors ([`lsp`]). The command line over the compiler library
//! (`sevenw-compiler`), which has none of its dependencies (clap, the
//! language server's): a build script or the Python package links the
//! library alone.
#![forbid(unsafe_code)]

mod lsp;

// The compiler's test helpers, read from its source: they name the
// compiler's modules from the crate root, as these imports do here.
#[cfg(test)]
use sevenw_compiler::{diag, load, parse, resolve, source, validate};
#[cfg(test)]
#[path = "../../src/testkit.rs"]
#[allow(dead_code, reason = "the language server's tests use a part of them")]
mod testkit;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use sevenw_compiler::diag::{DocCode, did_you_mean, escape_controls};
use sevenw_compiler::{Code, Compiled, Options, check_with, codegen, describe, ir, shape};

/// The file `schema --out` writes the JSON export's schema to.
const IR_SCHEMA: &str = "ir.schema.json";
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const EXIT_CODES: &str = "\
Exit codes:
  0  success (`check`: no error; warnings do not fail)
  1  bad input: the card set has an error, or a file cannot be read or written
  2  usage error: an unknown command or option, a missing or invalid argument";

/// The 7 Wonders card compiler: checks card sets, generates their Rust,
/// explains its diagnostics.
#[derive(Parser)]
#[command(name = "sevenc", version, arg_required_else_help = true)]
#[command(after_long_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Report every problem of the card sets; exits 1 on an error.
    ///
    /// PATHS are game folders (holding game.yaml) or folders of game
    /// folders (default: `cards`, so that `sevenc check` in the folder
    /// `sevenc new` made checks its card set). An expansion is checked
    /// against the game it extends, which need not be named: it is found
    /// beside the expansion's folder, in the library that a `sevenc new`
    /// folder builds against (its Cargo.toml), or in the library this
    /// sevenc was built from. The report ends with a summary of what was
    /// compiled.
    #[command(after_long_help = EXIT_CODES)]
    Check {
        /// Game folders, or folders of game folders.
        #[arg(default_value = "cards")]
        paths: Vec<PathBuf>,
        /// `human`: rendered diagnostics; `json`: one JSON object per
        /// diagnostic per line; `sarif`: a SARIF 2.1.0 log for code-scanning
        /// services. With `json` and `sarif` the summary goes to stderr.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Show at most N diagnostics, the rest counted in one closing line
        /// (0, the default: all). `json` and `sarif` always list every one.
        #[arg(long, value_name = "N", default_value_t = 0)]
        max_errors: usize,
        #[command(flatten)]
        families: FamilyArg,
        #[command(flatten)]
        colour: ColourArg,
    },
    /// Print the generated Rust (the code the runtime's build includes), or
    /// the checked card data as JSON for engines in any language.
    ///
    /// `--format json` writes the lowered card set of one game family (a
    /// game, its editions and its expansions: every card, wonder side,
    /// stage, leader, project and token with its effects) as one JSON
    /// document, versioned by `ir_version`, valid against
    /// schemas/ir.schema.json; schemas/IR.md says what each node means.
    /// Paths holding several families need `--out-dir`.
    #[command(after_long_help = EXIT_CODES)]
    Gen {
        /// Game folders, or folders of game folders.
        #[arg(default_value = "cards")]
        paths: Vec<PathBuf>,
        /// `rust`: the code the runtime's build includes; `json`: the card
        /// data (the IR the Rust is generated from), one document per family.
        #[arg(long, value_enum, default_value_t = GenFormat::Rust)]
        format: GenFormat,
        /// Write the code to FILE instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// With `--format json`: write each family's document to
        /// DIR/FAMILY.json (DIR made if need be).
        #[arg(long, value_name = "DIR", conflicts_with = "output")]
        out_dir: Option<PathBuf>,
        #[command(flatten)]
        families: FamilyArg,
        #[command(flatten)]
        colour: ColourArg,
    },
    /// Print the long explanation of a diagnostic code (e.g. E0101), or of a
    /// mistake in a sheet, scenario or log that sevenw reports (S0001…S0005).
    #[command(after_long_help = EXIT_CODES)]
    Explain {
        /// A code such as E0101, w0002 or S0003 (case does not matter): a card
        /// file's diagnostic, or a mistake in a sheet, scenario or log.
        #[arg(value_parser = parse_code)]
        code: Explainable,
    },
    /// Print or write the JSON Schemas of card files and game.yaml, and of
    /// the JSON export (`ir`, what `gen --format json` writes).
    ///
    /// Editors with a YAML language server check and complete card files
    /// with them; an engine author generates types from `ir`. With `--out
    /// DIR` every schema is written to DIR (the repository keeps them in
    /// `schemas/`); otherwise DOCUMENT's schema is printed.
    #[command(after_long_help = EXIT_CODES)]
    Schema {
        /// The document whose schema to print.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(document_names()), required_unless_present = "out")]
        document: Option<String>,
        /// Write every schema (card-file.schema.json, game.schema.json, ir.schema.json) into DIR.
        #[arg(long, value_name = "DIR", conflicts_with = "document")]
        out: Option<PathBuf>,
    },
    /// Run the language server on standard input and output.
    ///
    /// For editors: the diagnostics of `check` while typing (the whole game
    /// is re-checked on each change; an expansion with the game it extends), completion of the game's words, names
    /// and cards, hover (a card in plain words, a diagnostic's explanation),
    /// go to definition from a chain or an alias to its card.
    #[command(after_long_help = EXIT_CODES)]
    Lsp {
        #[command(flatten)]
        families: FamilyArg,
    },
    /// Create a folder to design cards in: a card set, a scenario test, a
    /// README, and a Cargo project whose binary is `sevenw` for the set.
    ///
    /// `sevenc new my-expansion` (or `--extends base`) starts an expansion
    /// of the base game with one example card and its scenario; `--extends
    /// duel` or `--extends architects` an expansion of that game with one
    /// example card or progress token; `--extends leaders` a set played
    /// with Leaders, with a leader of its own, `--extends pantheon` one
    /// played with Duel's Pantheon, with a divinity; `sevenc new my-game --game duel`
    /// starts a game of your own as a copy of a shipped game, with its
    /// scenarios. Then, in the folder, `sevenc check` (no argument: the
    /// folder's `cards/`, against the game it extends), and `cargo run
    /// --release -- test cards/NAME`, `play`, `sim`, `score`, `price`:
    /// README.md there says how.
    #[command(after_long_help = EXIT_CODES)]
    New {
        /// The folder to create (its name names the card set: lowercase
        /// letters, digits and `-`).
        dir: PathBuf,
        /// Start an expansion of this shipped game: base, duel or
        /// architects (default: base); or `leaders` or `pantheon`, a set
        /// played with that expansion.
        #[arg(long, value_name = "GAME", conflicts_with = "game")]
        extends: Option<String>,
        /// Start a game of your own as a copy of this shipped game.
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// The checkout of this project to build against (default: the one
        /// this sevenc was built from).
        #[arg(long, value_name = "DIR")]
        project: Option<PathBuf>,
    },
    /// Print a shell completion script.
    ///
    /// For example `sevenc completions bash >
    /// ~/.local/share/bash-completion/completions/sevenc`, `sevenc
    /// completions zsh > ~/.zfunc/_sevenc` or `sevenc completions fish >
    /// ~/.config/fish/completions/sevenc.fish`.
    #[command(after_long_help = EXIT_CODES)]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: Shell,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
    Sarif,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GenFormat {
    Rust,
    Json,
}

#[derive(clap::Args)]
struct ColourArg {
    /// Colour the diagnostics: `auto` colours them when the stream they are
    /// written to is a terminal and NO_COLOR is unset or empty.
    #[arg(long, alias = "colour", value_enum, default_value_t = ColourChoice::Auto)]
    color: ColourChoice,
}

#[derive(clap::Args)]
struct FamilyArg {
    /// Accept NAME in a game.yaml's `family:` besides the shipped families
    /// (base, duel, architects): a game family whose rules your own crate
    /// implements (its build.rs says `Builder::family`). Repeatable.
    #[arg(long = "family", value_name = "NAME")]
    families: Vec<String>,
}

impl FamilyArg {
    /// The options of a check: the shipped families and these.
    fn options(&self) -> Options {
        self.families
            .iter()
            .fold(Options::default(), |o, f| o.family(f))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
enum ColourChoice {
    Auto,
    Always,
    Never,
}

impl ColourArg {
    /// Whether to colour text written to `stream`.
    fn for_stream(&self, stream: &impl IsTerminal) -> bool {
        use_colour(
            self.color,
            stream.is_terminal(),
            std::env::var_os("NO_COLOR"),
        )
    }
}

/// The colour decision: `auto` colours a terminal unless `NO_COLOR` has a
/// non-empty value (https://no-color.org).
fn use_colour(choice: ColourChoice, terminal: bool, no_color: Option<OsString>) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
    }
}

/// A code `sevenc explain` knows: a card file's diagnostic, or a mistake
/// in a document `sevenw` reads.
#[derive(Clone, Copy, Debug)]
enum Explainable {
    Card(Code),
    Document(DocCode),
}

fn parse_code(s: &str) -> Result<Explainable, String> {
    if let Some(c) = Code::parse(s) {
        return Ok(Explainable::Card(c));
    }
    if let Some(c) = DocCode::parse(s) {
        return Ok(Explainable::Document(c));
    }
    let cards: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    let documents: Vec<&str> = DocCode::ALL.iter().map(|c| c.as_str()).collect();
    let hint = did_you_mean(s.trim(), cards.iter().chain(&documents).copied())
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default();
    Err(format!(
        "no diagnostic has the code `{}`{hint}\nthe codes of card files are: {}\nthe codes of the documents sevenw reads (sheets, scenarios, logs) are: {}",
        escape_controls(s),
        cards.join(", "),
        documents.join(", ")
    ))
}

fn main() -> ExitCode {
    // Usage errors print clap's message and exit 2; --help and --version exit 0.
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        // The reader closed standard output before we were done (`sevenc gen
        // cards | head -1`): it has all it wanted, so end quietly and with
        // success, as `cat` ended by SIGPIPE would leave the pipeline's
        // status to its last command. Rust ignores SIGPIPE, so the write
        // returns this error instead of killing the process.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(command: Command) -> io::Result<ExitCode> {
    match command {
        Command::Check {
            paths,
            format,
            max_errors,
            families,
            colour,
        } => cmd_check(&paths, &families.options(), format, max_errors, &colour),
        Command::Gen {
            paths,
            format,
            output,
            out_dir,
            families,
            colour,
        } => cmd_gen(
            &paths,
            &families.options(),
            format,
            output,
            out_dir,
            &colour,
        ),
        Command::Explain { code } => {
            let (name, severity, explanation) = match code {
                Explainable::Card(c) => (c.as_str(), c.severity().as_str(), c.explanation()),
                Explainable::Document(c) => (c.as_str(), "error", c.explanation()),
            };
            let text = format!("{name} ({severity})\n\n{}\n", explanation.trim_end());
            io::stdout().lock().write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Schema { document, out } => cmd_schema(document.as_deref(), out),
        Command::Lsp { families } => match lsp::run_with(families.options()) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(e) => Err(io::Error::other(format!("language server: {e}"))),
        },
        Command::New {
            dir,
            extends,
            game,
            project,
        } => cmd_new(dir, extends, game, project),
        Command::Completions { shell } => {
            // Generated into memory first: clap_complete panics on a failed write.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sevenc", &mut script);
            io::stdout().lock().write_all(&script)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn cmd_new(
    dir: PathBuf,
    extends: Option<String>,
    game: Option<String>,
    project: Option<PathBuf>,
) -> io::Result<ExitCode> {
    use sevenw_compiler::new::{NewError, NewOptions, Start, create};
    let start = match game {
        Some(g) => Start::Copy(g.trim().to_lowercase()),
        None => Start::Extends(
            extends
                .unwrap_or_else(|| "base".into())
                .trim()
                .to_lowercase(),
        ),
    };
    let project =
        project.unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")));
    let opts = NewOptions {
        library: project.join("cards"),
        dir: dir.clone(),
        start,
        project,
    };
    let made = match create(&opts) {
        Ok(m) => m,
        // A name that cannot be used is a usage error (exit 2), shown with
        // the command's usage line.
        Err(
            e @ (NewError::BadName(_) | NewError::UnknownGame { .. } | NewError::NoTemplate { .. }),
        ) => {
            let mut cli = Cli::command();
            cli.build();
            let sub = cli.find_subcommand_mut("new").expect("the command exists");
            sub.error(clap::error::ErrorKind::InvalidValue, e).exit()
        }
        Err(e) => return Err(io::Error::other(e.to_string())),
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "created {} ({} files):",
        dir.display(),
        made.files.len()
    )?;
    for f in made.files.iter().filter(|f| {
        !f.starts_with(format!("cards/{}/tests", made.name)) || f.ends_with("cartographers.yaml")
    }) {
        writeln!(out, "  {}", f.display())?;
    }
    let tests = PathBuf::from("cards").join(&made.name).join("tests");
    let next = if made.files.iter().any(|f| f.starts_with(&tests)) {
        format!("cargo run --release -- test cards/{}", made.name)
    } else {
        "cargo run --release -- --help".to_string()
    };
    writeln!(
        out,
        "next (README.md says more):\n  cd {}\n  sevenc check\n  {next}",
        dir.display(),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The names `schema` takes: the schema files' names without `.schema.json`.
/// `ir` is the JSON export's (`gen --format json`).
fn document_names() -> Vec<&'static str> {
    shape::DOCUMENTS
        .iter()
        .map(|d| d.file.trim_end_matches(".schema.json"))
        .chain(["ir"])
        .collect()
}

fn cmd_schema(document: Option<&str>, out: Option<PathBuf>) -> io::Result<ExitCode> {
    if let Some(dir) = out {
        std::fs::create_dir_all(&dir).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display()))
        })?;
        for d in shape::DOCUMENTS {
            let path = dir.join(d.file);
            std::fs::write(&path, shape::schema_text(d)).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
            })?;
        }
        let path = dir.join(IR_SCHEMA);
        std::fs::write(&path, ir::Export::schema_text()).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = match shape::DOCUMENTS
        .iter()
        .find(|d| Some(d.file.trim_end_matches(".schema.json")) == document)
    {
        Some(doc) => shape::schema_text(doc),
        None => ir::Export::schema_text(),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_check(
    paths: &[PathBuf],
    options: &Options,
    format: Format,
    max_errors: usize,
    colour: &ColourArg,
) -> io::Result<ExitCode> {
    let compiled = check_with(paths, options);
    let report = &compiled.report;
    let mut out = io::stdout().lock();
    let summary = summary(paths, &compiled);
    match format {
        Format::Json | Format::Sarif => {
            let text = if format == Format::Json {
                report.to_json_lines(&compiled.sources)
            } else {
                report.to_sarif(&compiled.sources, env!("CARGO_PKG_VERSION"))
            };
            out.write_all(text.as_bytes())?;
            out.flush()?;
            let _ = writeln!(io::stderr(), "{summary}");
        }
        Format::Human => {
            // The diagnostics go to stdout: colour only if stdout is a terminal.
            let colour = colour.for_stream(&io::stdout());
            let all = report.diagnostics.len();
            if max_errors == 0 || all <= max_errors {
                out.write_all(report.render(&compiled.sources, colour).as_bytes())?;
            } else {
                let shown = sevenw_compiler::diag::Report {
                    diagnostics: report.diagnostics[..max_errors].to_vec(),
                };
                out.write_all(shown.render(&compiled.sources, colour).as_bytes())?;
                let more = all - max_errors;
                let s = if more == 1 { "" } else { "s" };
                writeln!(
                    out,
                    "{more} more diagnostic{s} not shown (`--max-errors 0` shows all)\n"
                )?;
            }
            writeln!(out, "{summary}")?;
            out.flush()?;
        }
    }
    Ok(if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// What was compiled, and the count of errors and warnings.
fn summary(paths: &[PathBuf], compiled: &Compiled) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let extended: Vec<String> = compiled
        .extended
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let with = if extended.is_empty() {
        String::new()
    } else {
        format!(", with the game extended from {}", extended.join(" "))
    };
    let mut summary = format!(
        "checked {}{with} ({} files, {} bytes)",
        shown.join(" "),
        compiled.sources.len(),
        compiled.sources.bytes()
    );
    if let Some(lib) = &compiled.library {
        for g in &lib.games {
            let sides: usize = g.wonders.iter().map(|w| w.sides.len()).sum();
            let stages: usize = g
                .wonders
                .iter()
                .flat_map(|w| &w.sides)
                .map(|s| s.stages.len())
                .sum();
            let names: std::collections::BTreeSet<String> =
                g.cards.iter().map(|c| c.name.to_lowercase()).collect();
            if !g.decks.is_empty() {
                summary.push_str(&decks_summary(g, sides, stages));
                continue;
            }
            let mut per_age: Vec<String> = (1..=g.ages)
                .map(|a| {
                    let n: usize = g
                        .cards
                        .iter()
                        .filter(|c| c.age == a)
                        .map(|c| c.copies.len().max(1))
                        .sum();
                    format!("Age {}: {n}", describe::roman(a.into()))
                })
                .collect();
            // Cards of no Age are drafted, or laid on a board by its fills
            // or by a kind of token's `places`.
            let boarded = |c: &&sevenw_compiler::ir::Card| {
                (g.boards.iter()).any(|b| b.fill.iter().any(|f| f.colour == c.colour))
                    || (g.tokens.iter())
                        .any(|t| t.places.as_ref().is_some_and(|p| p.colour == c.colour))
            };
            let on_boards = g.cards.iter().filter(|c| c.age == 0 && boarded(c)).count();
            // A senate's decrees, the schemes and the military tokens are
            // cards of no Age too.
            let of_colour = |colour: Option<u8>| {
                (g.cards.iter())
                    .filter(|c| c.age == 0 && colour == Some(c.colour))
                    .count()
            };
            let decrees = of_colour(g.senate.as_ref().and_then(|s| s.decrees));
            let schemes = of_colour(g.schemes.as_ref().map(|s| s.colour));
            let military = of_colour(g.military_tokens.as_ref().map(|m| m.colour));
            // And those a draw rule draws into the Ages.
            let drawn = (g.cards.iter())
                .filter(|c| c.age == 0 && g.draws.iter().any(|d| d.colours.contains(&c.colour)))
                .count();
            let drafted = g.cards.iter().filter(|c| c.age == 0).count()
                - on_boards
                - decrees
                - schemes
                - military
                - drawn;
            if on_boards > 0 {
                per_age.push(format!("on boards: {on_boards}"));
            }
            if decrees > 0 {
                per_age.push(format!("decrees: {decrees}"));
            }
            if schemes > 0 {
                per_age.push(format!("schemes: {schemes}"));
            }
            if military > 0 {
                per_age.push(format!("military tokens: {military}"));
            }
            if drawn > 0 {
                per_age.push(format!("drawn into the Ages: {drawn}"));
            }
            if drafted > 0 {
                let expert = g.cards.iter().filter(|c| c.age == 0 && c.expert).count();
                per_age.push(if expert > 0 {
                    format!("drafted: {drafted}, {expert} of them expert")
                } else {
                    format!("drafted: {drafted}")
                });
            }
            // An expansion counts only what it brings; an edition says which:
            // a game's or an expansion's own edition after the first, and the
            // editions of its game it plays with when not every one.
            let name = match g.edition {
                1 => g.name.clone(),
                e => format!("{} edition {e}", g.name),
            };
            let of = |parent: &str| match g.editions.as_slice() {
                [] => parent.to_string(),
                [one] => format!("{parent} edition {one}"),
                [rest @ .., last] => format!(
                    "{parent} editions {} and {last}",
                    rest.iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let what = match (&g.extends, g.edition) {
                (Some(parent), _) if g.with.is_empty() => {
                    format!("{name}, an expansion of {}", of(parent))
                }
                (Some(parent), _) => format!(
                    "{name}, an expansion of {} played with {}{}",
                    of(parent),
                    g.with.join(" and "),
                    if g.automatic {
                        " (whenever they are)"
                    } else {
                        ""
                    }
                ),
                (None, _) => name,
            };
            let cards = if g.extends.is_some() && g.cards.iter().all(|c| c.age == 0) {
                // Only cards of no Age: those on boards and those drafted.
                let no_age = per_age.get(usize::from(g.ages)..).unwrap_or(&[]);
                if !no_age.is_empty() {
                    format!("{} ({})", cards(g.cards.len()), no_age.join(", "))
                } else {
                    "0 cards".to_string()
                }
            } else {
                format!(
                    "{} ({}; printed {})",
                    cards(g.cards.len()),
                    count(names.len(), "name", "names"),
                    per_age.join(", ")
                )
            };
            summary.push_str(&format!(
                "\n  {what} ({}): {cards}, {}, {}, {}{}",
                g.title,
                count(g.wonders.len(), "wonder", "wonders"),
                count(sides, "side", "sides"),
                count(stages, "stage", "stages"),
                if g.progress.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", {}",
                        count(g.progress.len(), "progress token", "progress tokens")
                    )
                }
            ));
        }
    }
    summary.push_str(&format!(
        "\n{} error(s), {} warning(s)",
        compiled.report.errors(),
        compiled.report.warnings()
    ));
    // Titles and paths come from the files: no control character reaches the terminal.
    escape_controls(&summary).into_owned()
}

/// `1 card`, `2 cards`.
fn count(n: usize, one: &str, many: &str) -> String {
    describe::plural(i64::try_from(n).unwrap_or(i64::MAX), one, many)
}

fn cards(n: usize) -> String {
    count(n, "card", "cards")
}

/// A game of decks in the summary: the cards of each deck and in all, the
/// pieces of the wonders, the progress tokens with their copies.
fn decks_summary(g: &sevenw_compiler::ir::Game, sides: usize, stages: usize) -> String {
    let count = |d: &sevenw_compiler::ir::Deck| -> usize {
        d.cards.iter().map(|(_, n)| usize::from(*n)).sum()
    };
    let wonder_decks: Vec<usize> = g
        .decks
        .iter()
        .filter(|d| d.wonder.is_some())
        .map(count)
        .collect();
    let central: usize = g
        .decks
        .iter()
        .filter(|d| d.wonder.is_none())
        .map(count)
        .sum();
    let total: usize = wonder_decks.iter().sum::<usize>() + central;
    let per_wonder = match wonder_decks.as_slice() {
        [first, rest @ ..] if rest.iter().all(|n| n == first) => {
            format!("{} wonder decks of {first}", wonder_decks.len())
        }
        _ => format!(
            "wonder decks of {}",
            wonder_decks
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut pieces: Vec<String> = g
        .wonders
        .first()
        .and_then(|w| w.sides.first())
        .map(|s| {
            s.stages
                .iter()
                .filter_map(|st| st.pattern)
                .map(|(n, same)| format!("{n} {}", if same { "identical" } else { "different" }))
                .collect()
        })
        .unwrap_or_default();
    pieces.sort();
    let tokens: usize = g.progress.iter().map(|t| usize::from(t.copies)).sum();
    format!(
        "\n  {} ({}): {} cards ({per_wonder}, central {central}) of {} kinds, {} wonders, {sides} sides, {stages} stages{}{}",
        g.name,
        g.title,
        total,
        g.cards.len(),
        g.wonders.len(),
        if pieces.is_empty() {
            String::new()
        } else {
            format!(" (each wonder: {}, each once)", pieces.join(", "))
        },
        if g.progress.is_empty() {
            String::new()
        } else {
            format!(", {tokens} progress tokens ({} kinds)", g.progress.len())
        }
    )
}

fn cmd_gen(
    paths: &[PathBuf],
    options: &Options,
    format: GenFormat,
    output: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    colour: &ColourArg,
) -> io::Result<ExitCode> {
    if out_dir.is_some() && format == GenFormat::Rust {
        let _ = writeln!(
            io::stderr(),
            "error: --out-dir writes JSON documents: give --format json (the Rust is one file: --output FILE)"
        );
        return Ok(ExitCode::from(2));
    }
    let compiled = check_with(paths, options);
    let Some(library) = compiled.library else {
        // The diagnostics go to stderr here: colour only if stderr is a terminal.
        let rendered = compiled
            .report
            .render(&compiled.sources, colour.for_stream(&io::stderr()));
        let _ = writeln!(
            io::stderr(),
            "{rendered}error: {} error(s); nothing generated",
            compiled.report.errors()
        );
        return Ok(ExitCode::from(1));
    };
    let write = |path: &PathBuf, text: &str| {
        std::fs::write(path, text)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))
    };
    let text = match format {
        GenFormat::Rust => codegen::generate(&library),
        GenFormat::Json => {
            let exports = library.exports();
            if let Some(dir) = out_dir {
                std::fs::create_dir_all(&dir).map_err(|e| {
                    io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display()))
                })?;
                for e in &exports {
                    write(&dir.join(format!("{}.json", e.family)), &e.to_json())?;
                }
                return Ok(ExitCode::SUCCESS);
            }
            match exports.as_slice() {
                [one] => one.to_json(),
                many => {
                    let names: Vec<&str> = many.iter().map(|e| e.family.as_str()).collect();
                    let _ = writeln!(
                        io::stderr(),
                        "error: the paths hold {} game families ({}); a JSON document holds one: \
                         name one family's folders, or write each with --out-dir DIR",
                        names.len(),
                        names.join(", ")
                    );
                    return Ok(ExitCode::from(2));
                }
            }
        }
    };
    match output {
        Some(path) => write(&path, &text)?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colours_a_terminal_unless_no_color_is_set() {
        use ColourChoice::*;
        assert!(use_colour(Auto, true, None));
        assert!(!use_colour(Auto, false, None));
        assert!(!use_colour(Auto, true, Some("1".into())));
        // An empty NO_COLOR does not count (https://no-color.org).
        assert!(use_colour(Auto, true, Some("".into())));
        assert!(use_colour(Always, false, Some("1".into())));
        assert!(!use_colour(Never, true, None));
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
