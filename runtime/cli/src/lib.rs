//! `sevenw`: play, simulate, balance, score, price, replay and test the
//! games of a card library, as a library function ([`main_with`],
//! [`main_with_families`], [`run`]) so that any binary can offer the command
//! line for its own compiled games and its own game families; and its
//! commands as typed functions for programs ([`api`]: `sim` and `balance`
//! to their reports).
//!
//! `serve` (the playtest table, `sevenw-serve`) is the cargo feature of
//! that name, which the binaries ask for; a build without it ([`SERVES`]
//! false: the Python package's) keeps the subcommand, its help saying it
//! is not in the build and running it a usage error that says so.
//!
//! Exit codes: 0 success; 1 bad input (a sheet, a log, a file, a card set
//! the rules cannot play); 2 a bad command line (clap's usage errors, and
//! options the game refuses: an unknown game, a player count out of range,
//! an unknown wonder).
#![forbid(unsafe_code)]

pub mod api;
mod args;
mod balance;
pub mod html;
mod human;
mod io;
mod report;
mod scenarios;
mod schema;
mod setup;
mod sheets;
mod sim;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};
use sevenw_host::GameInfo;
use sevenw_runtime::games::{Family, Library};

use args::{Cli, Command, ServeArgs};
use io::emit;

/// Whether this build serves the playtest table: the cargo feature
/// `serve` (the binaries ask for it; the Python package builds without).
pub const SERVES: bool = cfg!(feature = "serve");

/// What a build without the playtest table says of `serve`.
const NOT_SERVED: &str = "this build has no playtest table: it was built without \
                          sevenw-cli's cargo feature `serve`";

/// The program's name, from the first argument (`sevenw` unless told).
static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

fn program() -> &'static str {
    PROGRAM.get().map_or("sevenw", String::as_str)
}

/// The command line, named after the program that runs it. A designer's
/// own binary gives its version as the engine's it runs on
/// (`harbours (sevenw 0.1.0)`): it has no version of its own here.
fn command() -> clap::Command {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let mut cli = Cli::command().name(program()).bin_name(program());
    if !SERVES {
        cli = without_serve(cli);
    }
    if program() == "sevenw" {
        return cli;
    }
    let version = VERSION.get_or_init(|| format!("(sevenw {})", env!("CARGO_PKG_VERSION")));
    cli.version(version.as_str())
}

/// The command line of a build without the playtest table: `serve`'s
/// help says so first.
fn without_serve(mut cli: clap::Command) -> clap::Command {
    let names: Vec<String> = (cli.get_subcommands())
        .map(|s| s.get_name().to_string())
        .collect();
    let serve = names
        .iter()
        .position(|n| n == "serve")
        .unwrap_or(names.len());
    // A subcommand changed moves to the end of the list: those after it
    // are moved too, so that the help lists them in their order.
    for name in &names[serve..] {
        cli = cli.mut_subcommand(name, |s| {
            if s.get_name() != "serve" {
                return s;
            }
            let about = s.get_about().map(ToString::to_string).unwrap_or_default();
            let long = s
                .get_long_about()
                .map(ToString::to_string)
                .unwrap_or_default();
            s.about(format!("Not in this build. {about}"))
                .long_about(format!("{NOT_SERVED}.\n\n{long}"))
        });
    }
    cli
}

/// `serve`: the playtest table until Ctrl-C; in a build without it, a
/// usage error that says so.
fn serve(lib: &Library<'_>, a: ServeArgs) -> Result<String, Fail> {
    #[cfg(feature = "serve")]
    {
        let config = sevenw_serve::Config {
            addr: a.addr,
            db: a.db,
            bot_threads: a.open_bots_threads.map(|n| n as usize),
            max_connections: a.max_connections.map(|n| n as usize),
            max_connections_per_client: a.max_connections_per_client.map(|n| n as usize),
            ..sevenw_serve::Config::default()
        };
        sevenw_serve::serve(lib, &config)
            .map(|()| String::new())
            .map_err(input)
    }
    #[cfg(not(feature = "serve"))]
    {
        let _ = (lib, a);
        Err(usage("serve", ErrorKind::InvalidSubcommand, NOT_SERVED))
    }
}

/// A failure: a usage error (exit 2) or bad input (exit 1): a message, or
/// a document's mistakes already rendered with their snippets.
pub(crate) enum Fail {
    Usage(clap::Error),
    Input(String),
    Rendered(String),
}

/// A usage error of subcommand `sub`, shown with its usage line.
pub(crate) fn usage(sub: &str, kind: ErrorKind, msg: impl std::fmt::Display) -> Fail {
    let mut cli = command();
    cli.build();
    let err = match cli.find_subcommand_mut(sub) {
        Some(c) => c.error(kind, msg),
        None => cli.error(kind, msg),
    };
    Fail::Usage(err)
}

pub(crate) fn input(msg: impl Into<String>) -> Fail {
    Fail::Input(msg.into())
}

/// Makes `weights` (a card library's `WEIGHTS`: the bytes of its
/// `bots/*.safetensors` files) the learned bots' weights this program
/// ships, before [`main_with`].
pub fn ship_weights(weights: &'static [&'static [u8]]) {
    sevenw_runtime::learned::ship(weights);
}

/// `sevenw` over `games`, played by the shipped families, with the
/// process's arguments: the whole `main` of a binary
/// (`sevenw_cli::main_with(sevenw_cards::GAMES)` for the shipped games, or
/// a designer's generated `GAMES`).
pub fn main_with(games: &[&'static GameInfo]) -> ExitCode {
    run(&Library::shipped(games), std::env::args_os())
}

/// `sevenw` over `games`, played by `families` (a designer's own game
/// family, say, with or without the shipped ones), with the process's
/// arguments.
pub fn main_with_families(games: &[&'static GameInfo], families: &[Family]) -> ExitCode {
    run(&Library { games, families }, std::env::args_os())
}

/// `sevenw` over `lib`, with `args` (the first is the program's name).
pub fn run<I, T>(lib: &Library<'_>, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // Usage lines name the program that runs: `sevenw`, or a designer's
    // own binary.
    if let Some(name) = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_stem())
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
    {
        let _ = PROGRAM.set(name.to_string());
    }
    let parsed = command()
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            // Help and version are printed to stdout with exit 0.
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    let result = match cli.command {
        Command::Play(a) => setup::play(lib, a),
        Command::Sim(a) => sim::sim(lib, a),
        Command::Balance(a) => balance::balance(lib, a),
        Command::Score(a) => sheets::score(lib, a),
        Command::Price(a) => sheets::price(lib, a),
        Command::Replay(a) => setup::replay(lib, a),
        Command::Test(a) => return scenarios::test(lib, a),
        Command::Serve(a) => serve(lib, a),
        Command::Schema { document, out } => {
            schema::schema(lib, document.as_deref(), out.as_deref())
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut command(), program(), &mut out);
            Ok(String::from_utf8_lossy(&out).into_owned())
        }
    };
    match result {
        Ok(out) => emit(&out),
        Err(Fail::Usage(e)) => {
            let _ = e.print();
            ExitCode::from(2)
        }
        Err(Fail::Input(msg)) => {
            let _ = writeln!(std::io::stderr(), "error: {msg}");
            ExitCode::from(1)
        }
        Err(Fail::Rendered(report)) => {
            let _ = write!(std::io::stderr(), "{report}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
        without_serve(Cli::command()).debug_assert();
    }

    #[test]
    fn a_build_without_the_table_says_so_in_serves_help() {
        let mut cli = without_serve(Cli::command());
        cli.build();
        let serve = cli
            .find_subcommand_mut("serve")
            .expect("the subcommand stays");
        let about = serve.get_about().unwrap().to_string();
        assert!(
            about.starts_with("Not in this build. Serve a playtest table"),
            "{about}"
        );
        let long = serve.render_long_help().to_string();
        assert!(
            long.contains("built without sevenw-cli's cargo feature `serve`"),
            "{long}"
        );
        // The rest of the command line is as it was.
        let mut full = Cli::command();
        full.build();
        let names = |c: &clap::Command| -> Vec<String> {
            c.get_subcommands()
                .map(|s| s.get_name().to_string())
                .collect()
        };
        assert_eq!(names(&cli), names(&full));
    }
}
