//! The command line as functions, for bindings (the Python package,
//! `python/`): a game chosen from the command line's own options, and a
//! command's output as the string it writes, so that a binding's choices,
//! results and error messages are the command line's by construction.
//!
//! ```
//! let lib = sevenw_runtime::games::Library::shipped(&[]);
//! let err = sevenw_cli::api::choose(&lib, &["--game", "nothing"]).err().unwrap();
//! assert!(err.usage);
//! ```

use clap::FromArgMatches;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::sim::{SimError, SimOptions, SimReport};

use crate::Fail;
use crate::args::{Cli, Command};

/// Why a command failed: its message as the command line prints it
/// (without clap's `error: ` prefix and its usage lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What the command line says.
    pub message: String,
    /// A bad command line (exit 2): a bad option, an unknown game, a
    /// player count out of range; otherwise bad input (exit 1).
    pub usage: bool,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<Fail> for Error {
    fn from(f: Fail) -> Self {
        match f {
            Fail::Usage(e) => Error {
                message: clap_message(&e),
                usage: true,
            },
            Fail::Input(m) | Fail::Rendered(m) => Error {
                message: m.trim_end().to_string(),
                usage: false,
            },
        }
    }
}

/// A clap error's message: its text without the `error: ` prefix, the
/// usage line and the pointer to `--help`.
fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let text = text.split("\n\nUsage:").next().unwrap_or(&text);
    let text = text
        .split("\n\nFor more information")
        .next()
        .unwrap_or(text);
    let text = text.strip_prefix("error: ").unwrap_or(text);
    text.trim_end().to_string()
}

/// A game chosen from the command line: its rules, its set-up and one bot
/// kind per seat.
pub type Chosen = (Box<dyn AnyGame>, Setup, Vec<BotKind>);

fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, Error> {
    let matches = crate::command()
        .try_get_matches_from(std::iter::once("sevenw".to_string()).chain(args))
        .and_then(|m| Cli::from_arg_matches(&m))
        .map_err(|e| Error {
            message: clap_message(&e),
            usage: true,
        })?;
    Ok(matches.command)
}

/// The game, set-up and bots that `sevenw play ARGS` would play: `args`
/// are `play`'s game options (`--game`, `--edition`, `--with`,
/// `--players`, `--seed`, `--sides`, `--wonders`, `--option`, `--bots`),
/// parsed and checked as the command line does.
pub fn choose<S: AsRef<str>>(lib: &Library<'_>, args: &[S]) -> Result<Chosen, Error> {
    let argv =
        std::iter::once("play".to_string()).chain(args.iter().map(|a| a.as_ref().to_string()));
    match parse(argv)? {
        Command::Play(a) => Ok(crate::setup::game_setup("play", lib, &a.game)?),
        _ => unreachable!("the first argument is `play`"),
    }
}

/// A bot kind as `--bots` spells one (`random`, `greedy`, `mcts`,
/// `mcts:N`), with the command line's message for a mistake.
pub fn bot(kind: &str) -> Result<BotKind, Error> {
    crate::args::parse_bot(kind).map_err(|message| Error {
        message: format!("invalid value '{kind}' for '--bots <BOTS>': {message}"),
        usage: true,
    })
}

/// What `sevenw ARGS` writes to standard output, for the commands that
/// write their results there (`play`, `sim`, `balance`, `replay`, `score`,
/// `price`); without a progress bar.
pub fn run<S: AsRef<str>>(lib: &Library<'_>, args: &[S]) -> Result<String, Error> {
    crate::sim::QUIET.store(true, std::sync::atomic::Ordering::Relaxed);
    let out = match parse(args.iter().map(|a| a.as_ref().to_string()))? {
        Command::Play(a) if a.human.is_empty() => crate::setup::play(lib, a),
        Command::Sim(a) => crate::sim::sim(lib, a),
        Command::Balance(a) => crate::balance::balance(lib, a),
        Command::Score(a) => crate::sheets::score(lib, a),
        Command::Price(a) => crate::sheets::price(lib, a),
        Command::Replay(a) => crate::setup::replay(lib, a),
        _ => {
            return Err(Error {
                message: "this command is not available as a function".to_string(),
                usage: true,
            });
        }
    };
    Ok(out?)
}

/// `sim`'s options (`args`: `sevenw sim ARGS`, game options with
/// `--games`, `--bots`, `--threads`, `--check`) as the run they describe.
fn sim_run<S: AsRef<str>>(
    lib: &Library<'_>,
    args: &[S],
) -> Result<(Box<dyn AnyGame>, SimOptions), Error> {
    let argv =
        std::iter::once("sim".to_string()).chain(args.iter().map(|a| a.as_ref().to_string()));
    let Command::Sim(a) = parse(argv)? else {
        unreachable!("the first argument is `sim`")
    };
    let (g, setup, bots) = crate::setup::game_setup("sim", lib, &a.game)?;
    let opts = SimOptions {
        setup,
        bots,
        games: a.games,
        threads: crate::sim::threads(a.threads),
        check: a.check,
    };
    Ok((g, opts))
}

fn sim_error(sub: &str, e: SimError) -> Error {
    match e {
        SimError::Setup(e) => crate::setup::setup_fail(sub, e).into(),
        e => Error {
            message: e.to_string(),
            usage: false,
        },
    }
}

fn part_error(e: sevenw_runtime::parts::PartError) -> Error {
    Error {
        message: e.to_string(),
        usage: false,
    }
}

/// Games `start..end` of the run `sevenw sim ARGS` describes, their sums
/// as a JSON document ([`sevenw_runtime::games::RunsCap::sim_part`]), for [`sim_merge`].
pub fn sim_part<S: AsRef<str>>(
    lib: &Library<'_>,
    args: &[S],
    start: u64,
    end: u64,
) -> Result<String, Error> {
    let (g, opts) = sim_run(lib, args)?;
    g.runs()
        .sim_part(&opts, start..end, &|_| {})
        .map_err(|e| sim_error("sim", e))
}

/// `sevenw sim ARGS --json`'s output from the run's parts, played in
/// `seconds`.
pub fn sim_merge<S: AsRef<str>>(
    lib: &Library<'_>,
    args: &[S],
    parts: &[String],
    seconds: f64,
) -> Result<String, Error> {
    let (g, opts) = sim_run(lib, args)?;
    let stats = g.runs().sim_merge(&opts, parts).map_err(part_error)?;
    Ok(SimReport::new(g.info(), g.victories(), &opts, &stats, seconds).to_json())
}

/// [`sim_part`] for a balance report: `args` are `sim`'s (the game
/// options, `--games`, `--bots`, `--threads`).
pub fn balance_part<S: AsRef<str>>(
    lib: &Library<'_>,
    args: &[S],
    start: u64,
    end: u64,
) -> Result<String, Error> {
    let (g, mut opts) = sim_run(lib, args)?;
    opts.check = false;
    g.runs()
        .balance_part(&opts, start..end, &|_| {})
        .map_err(|e| sim_error("balance", e))
}

/// The `report.json` of `sevenw balance` from the run's parts, played in
/// `seconds`; written with `report.html` into `out` when given.
pub fn balance_merge<S: AsRef<str>>(
    lib: &Library<'_>,
    args: &[S],
    parts: &[String],
    seconds: f64,
    out: Option<&std::path::Path>,
) -> Result<String, Error> {
    let (g, mut opts) = sim_run(lib, args)?;
    opts.check = false;
    let tally = g.runs().balance_merge(&opts, parts).map_err(part_error)?;
    opts.games = tally.games;
    let report =
        sevenw_runtime::balance::Report::new(g.info(), g.victories(), &opts, &tally, seconds);
    if let Some(dir) = out {
        crate::balance::write(&report, dir)?;
    }
    Ok(crate::balance::report_json(&report)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_option_is_the_command_lines_message() {
        let lib = Library::shipped(&[]);
        let e = choose(&lib, &["--game", "base", "--sides", "c"])
            .err()
            .unwrap();
        assert!(e.usage);
        assert!(
            e.message.starts_with("invalid value 'c' for '--sides"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("Usage:"));
        assert!(bot("mcts:0").unwrap_err().message.contains("mcts:N takes"));
        assert_eq!(bot("mcts:7").unwrap(), BotKind::parse("mcts:7").unwrap());
    }
}
