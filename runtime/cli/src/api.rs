//! The command line as typed functions, for bindings (the Python package,
//! `python/`) and programs: a game chosen from the command line's own
//! options ([`choose`], [`sim_run`]), so that a binding's choices and error
//! messages are the command line's by construction; then `sim` and
//! `balance` played to their reports ([`sim`] → [`SimReport`],
//! [`balance`] → [`Report`]), by the code `sevenw sim` and `sevenw
//! balance` run, or in parts played apart and merged ([`sim_part`],
//! [`sim_merge`], [`balance_part`], [`balance_merge`]).
//!
//! ```
//! let lib = sevenw_runtime::games::Library::shipped(&[]);
//! let err = sevenw_cli::api::choose(&lib, &["--game", "nothing"]).err().unwrap();
//! assert!(err.usage);
//! ```

use std::ops::Range;
use std::path::Path;

use clap::FromArgMatches;
use sevenw_runtime::balance::Report;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::sim::{SimError, SimOptions, SimReport};

use crate::Fail;
use crate::args::{Cli, Command};
pub use crate::balance::BalanceOptions;

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

/// A run of many games: the game's rules and what to play of it.
pub struct Run {
    pub game: Box<dyn AnyGame>,
    pub options: SimOptions,
}

/// The run `sevenw sim ARGS` describes (`args`: game options with
/// `--games`, `--bots`, `--threads`, `--check`), parsed and checked as the
/// command line does: what [`sim`] plays, and [`balance`] with
/// [`BalanceOptions::from`].
pub fn sim_run<S: AsRef<str>>(lib: &Library<'_>, args: &[S]) -> Result<Run, Error> {
    run_for("sim", lib, args)
}

/// [`sim_run`] for a balance report ([`balance`] with
/// [`BalanceOptions::from`]): the same arguments, but without `--bots` the
/// players are `sevenw balance`'s (the learned bot where weights for the
/// game are found).
pub fn balance_run<S: AsRef<str>>(lib: &Library<'_>, args: &[S]) -> Result<Run, Error> {
    run_for("balance", lib, args)
}

/// The run of `sim`'s arguments, with the default bots of `sub`.
fn run_for<S: AsRef<str>>(sub: &str, lib: &Library<'_>, args: &[S]) -> Result<Run, Error> {
    let argv =
        std::iter::once("sim".to_string()).chain(args.iter().map(|a| a.as_ref().to_string()));
    let Command::Sim(a) = parse(argv)? else {
        unreachable!("the first argument is `sim`")
    };
    let (game, setup, bots) = crate::setup::game_setup(sub, lib, &a.game)?;
    let options = SimOptions {
        setup,
        bots,
        games: a.games,
        threads: crate::sim::threads(a.threads),
        check: a.check,
    };
    Ok(Run { game, options })
}

/// `sevenw sim`'s report of the games `opts` asks for (its `--json`
/// document is [`SimReport::to_json`]); without a progress bar.
pub fn sim(game: &dyn AnyGame, opts: &SimOptions) -> Result<SimReport, Error> {
    let (stats, secs) = crate::sim::play(game, opts, &indicatif::ProgressBar::hidden())?;
    Ok(SimReport::new(
        game.info(),
        game.victories(),
        opts,
        &stats,
        secs,
    ))
}

impl From<SimOptions> for BalanceOptions {
    /// A balance run of `opts.games` games, compared with nothing.
    fn from(sim: SimOptions) -> Self {
        BalanceOptions {
            sim,
            until_precise: None,
            baseline: None,
        }
    }
}

/// `sevenw balance`'s report of the run `opts` (`report.json`'s document:
/// [`report_json`]; [`write_report`] writes it with its page); without a
/// progress bar.
pub fn balance(game: &dyn AnyGame, opts: &BalanceOptions) -> Result<Report, Error> {
    let (report, _) = crate::balance::play(game, opts, &indicatif::ProgressBar::hidden())?;
    Ok(report)
}

/// `report.json`'s text: the report as `sevenw balance` writes it.
pub fn report_json(report: &Report) -> Result<String, Error> {
    Ok(crate::balance::report_json(report)?)
}

/// Writes `report.json` and `report.html` into `dir` (made if need be),
/// as `sevenw balance --out DIR` does.
pub fn write_report(report: &Report, dir: &Path) -> Result<(), Error> {
    crate::balance::write(report, dir)?;
    Ok(())
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

/// Games `games` (a range of [`sevenw_runtime::sim::plan`]'s) of the run
/// `opts` of `game`, their sums as a JSON document ([`AnyGame::sim_part`]),
/// for [`sim_merge`].
pub fn sim_part(game: &dyn AnyGame, opts: &SimOptions, games: Range<u64>) -> Result<String, Error> {
    game.runs()
        .sim_part(opts, games, &|_| {})
        .map_err(|e| sim_error("sim", e))
}

/// [`sim`]'s report of the run `opts` from its parts, played in `seconds`.
pub fn sim_merge(
    game: &dyn AnyGame,
    opts: &SimOptions,
    parts: &[String],
    seconds: f64,
) -> Result<SimReport, Error> {
    let stats = game.runs().sim_merge(opts, parts).map_err(part_error)?;
    Ok(SimReport::new(
        game.info(),
        game.victories(),
        opts,
        &stats,
        seconds,
    ))
}

/// [`sim_part`] for a balance report of `opts.games` games (`check` is not
/// read).
pub fn balance_part(
    game: &dyn AnyGame,
    opts: &SimOptions,
    games: Range<u64>,
) -> Result<String, Error> {
    let opts = SimOptions {
        check: false,
        ..opts.clone()
    };
    game.runs()
        .balance_part(&opts, games, &|_| {})
        .map_err(|e| sim_error("balance", e))
}

/// [`balance`]'s report of the run `opts` from its parts, played in
/// `seconds`.
pub fn balance_merge(
    game: &dyn AnyGame,
    opts: &SimOptions,
    parts: &[String],
    seconds: f64,
) -> Result<Report, Error> {
    let mut opts = SimOptions {
        check: false,
        ..opts.clone()
    };
    let tally = game
        .runs()
        .balance_merge(&opts, parts)
        .map_err(part_error)?;
    opts.games = tally.games;
    Ok(Report::new(
        game.info(),
        game.victories(),
        &opts,
        &tally,
        seconds,
    ))
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
