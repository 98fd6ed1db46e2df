//! The command line's arguments (clap, derive).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::sheet::Target;
use sevenw_runtime::text::shown;

const AFTER: &str = "\
Exit codes: 0 success; 1 bad input (a sheet, a log, a file); 2 a bad command line.
A path of `-` reads standard input.";

/// Play, simulate, score and price the games of a card library.
#[derive(Parser, Debug)]
#[command(
    name = "sevenw",
    version,
    about = "Play, simulate, balance, score, price, replay and test the games of a card library",
    after_help = AFTER
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play one game with bots and print it move by move.
    Play(PlayArgs),
    /// Play many games with bots (on every core) and print statistics.
    Sim(SimArgs),
    /// Play many games and write a balance report (report.json and report.html).
    ///
    /// Win rates per wonder and side (and per progress token or project, as
    /// the game has them) with Wilson 95% intervals, per card how often it is
    /// built and its win rate built and not, the seats, how games end, and
    /// with --baseline what changed since an earlier report.
    Balance(BalanceArgs),
    /// Score a city sheet: points by category, the winners.
    Score(ScoreArgs),
    /// Whether a player of a city sheet can build a card, stage or wonder now, and for how much.
    Price(PriceArgs),
    /// Play a replay log again, checking every decision and the result.
    Replay(ReplayArgs),
    /// Run scenarios: positions, steps in the game's words, and checks.
    Test(TestArgs),
    /// Serve a playtest table in the browser: people and bots play any
    /// game of the library; games are stored and survive a restart.
    ///
    /// Open the address it prints, start a game and hand each player their
    /// link (or play every person seat from one browser). It listens on
    /// 127.0.0.1 only unless told: `--addr 0.0.0.0:7777` shares it with
    /// the network (anyone who reaches it can start games; only a seat's
    /// link plays that seat). Ctrl-C stops it; every decision is already
    /// stored.
    Serve(ServeArgs),
    /// Print or write the JSON Schemas of city sheets and scenarios.
    ///
    /// Editors with a YAML language server check and complete sheets and
    /// scenarios with them. With `--out DIR` every schema is written to DIR
    /// (the repository keeps them in `schemas/`); otherwise DOCUMENT's
    /// schema is printed.
    Schema {
        /// The document whose schema to print (`sheet-base`, `scenario-duel`, …).
        #[arg(required_unless_present = "out")]
        document: Option<String>,
        /// Write every schema (DOCUMENT.schema.json) into DIR.
        #[arg(long, value_name = "DIR", conflicts_with = "document")]
        out: Option<PathBuf>,
    },
    /// Print a shell completion script.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Args, Debug)]
pub(crate) struct GameArgs {
    /// The game (a game of the card library; an unknown name lists them).
    /// With `--with`, it may be left out: the game the expansions extend.
    #[arg(long, required_unless_present = "with")]
    pub(crate) game: Option<String>,
    /// The game's edition (default: its first).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..))]
    pub(crate) edition: Option<u8>,
    /// Expansions in play, comma-separated (`--with leaders`).
    #[arg(long, value_delimiter = ',', value_name = "EXPANSION,…")]
    pub(crate) with: Vec<String>,
    /// A set-up option the game defines, as NAME=VALUE (repeatable, or
    /// comma-separated). An unknown name lists the game's options.
    #[arg(long = "option", value_name = "NAME=VALUE", value_delimiter = ',', value_parser = parse_option)]
    pub(crate) options: Vec<(String, String)>,
    /// Players (a game of one player count may leave it out).
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// The game's seed; without it one is drawn from the clock and shown.
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Bots (random, greedy, mcts, mcts-classic, learned; mcts:N for N
    /// playouts per decision): one kind for every seat, or one per seat,
    /// comma-separated. Default: greedy; for `balance`, learned where
    /// weights trained for the game are found, else greedy.
    #[arg(long, value_delimiter = ',', value_parser = parse_bot)]
    pub(crate) bots: Vec<BotKind>,
    /// Which wonder sides are dealt (a game of one-sided wonders takes
    /// only the default).
    #[arg(long, value_enum, ignore_case = true, default_value = "random")]
    pub(crate) sides: SidesArg,
    /// Wonders chosen instead of dealt: one per seat in the base game
    /// (`Giza:B,Rhodes,…`, side A unless given); Duel's 8, the first
    /// player's 4 first (otherwise they are drafted).
    #[arg(long, value_name = "W[:SIDE],…")]
    pub(crate) wonders: Option<String>,
}

/// A precision in points: more than 0, at most 50.
fn parse_precision(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(p) if p > 0.0 && p <= 50.0 => Ok(p),
        _ => Err(format!(
            "`{}` is not a precision in points (more than 0, at most 50; 1 is ±1 point)",
            shown(s)
        )),
    }
}

/// A time as `90s`, `10m`, `2h` or seconds.
pub(crate) fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let t = s.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], &t[i..]),
        None => (t, "s"),
    };
    let scale = match unit.to_ascii_lowercase().as_str() {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => 0.0,
    };
    match num.trim().parse::<f64>() {
        Ok(v) if scale > 0.0 && v > 0.0 && v * scale < 1e9 => {
            Ok(std::time::Duration::from_secs_f64(v * scale))
        }
        _ => Err(format!(
            "`{}` is not a time (90s, 10m, 2h, or seconds)",
            shown(s)
        )),
    }
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() && !value.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("`{}` is not NAME=VALUE", shown(s))),
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum SidesArg {
    A,
    B,
    Random,
}

pub(crate) fn parse_bot(s: &str) -> Result<BotKind, String> {
    if let Some((name, n)) = s.trim().split_once(':')
        && ["mcts", "mcts-classic"]
            .iter()
            .any(|b| name.trim().eq_ignore_ascii_case(b))
        && BotKind::parse(s).is_none()
    {
        return Err(format!(
            "{}:N takes from 1 to 1,000,000 playouts per decision, not `{}`",
            name.trim().to_ascii_lowercase(),
            shown(n.trim())
        ));
    }
    BotKind::parse(s).ok_or_else(|| {
        let names: Vec<&str> = BotKind::ALL.iter().map(|b| b.name()).collect();
        format!(
            "unknown bot `{}` (bots: {}; mcts:N for N playouts per decision)",
            shown(s),
            names.join(", ")
        )
    })
}

#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Write the game's replay log to this file.
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<PathBuf>,
    /// Play these seats yourself (from 1; comma-separated for several
    /// people at one terminal), the bots of --bots the others: each seat
    /// is shown what it may see and its legal actions by number.
    #[arg(long, value_delimiter = ',', value_name = "SEAT,…")]
    pub(crate) human: Vec<usize>,
}

#[derive(Args, Debug)]
pub(crate) struct SimArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Games to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) games: u64,
    /// Threads (default: every core). The results are the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) threads: Option<u64>,
    /// Check every invariant after every move (every card in one place,
    /// coins never negative, legal moves until the end…) and, at each
    /// game's end, its cities re-scored as a sheet and its replay log; the
    /// first violation is reported (game, seed, move, invariant), exit 1.
    #[arg(long)]
    pub(crate) check: bool,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Also write each game's final position to FILE as a city sheet, one
    /// JSON line per game: {"game": N, "seed": its seed, "sheet": the
    /// sheet's YAML text, "score": what `score --json` says of it}. Test
    /// positions for a scorer of your own (schemas/IR.md).
    #[arg(long, value_name = "FILE")]
    pub(crate) sheets: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct BalanceArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Games to play (with --until-precise, the first batch; default 256).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), required_unless_present = "until_precise")]
    pub(crate) games: Option<u64>,
    /// Play batches of games until every judged win-rate interval (every
    /// wonder, token, project and seat of 30 seats or more) is within ±P
    /// percentage points, or --max-games or --max-time runs out.
    #[arg(long, value_name = "P", value_parser = parse_precision)]
    pub(crate) until_precise: Option<f64>,
    /// With --until-precise: the most games to play in all.
    #[arg(long, value_name = "N", requires = "until_precise", default_value_t = 1_000_000,
        value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_games: u64,
    /// With --until-precise: the most time to play, as 90s, 10m, 2h or
    /// seconds (checked between batches).
    #[arg(long, value_name = "TIME", requires = "until_precise", value_parser = parse_duration)]
    pub(crate) max_time: Option<std::time::Duration>,
    /// Threads (default: every core). The results are the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) threads: Option<u64>,
    /// The directory to write report.json and report.html into (made if need be).
    #[arg(long, value_name = "DIR")]
    pub(crate) out: PathBuf,
    /// An earlier report.json to compare with.
    #[arg(long, value_name = "FILE")]
    pub(crate) baseline: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct ScoreArgs {
    /// The city sheet (YAML; `-` for standard input).
    pub(crate) sheet: PathBuf,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("what").args(["card", "stage", "target"]))]
pub(crate) struct PriceArgs {
    /// The city sheet (YAML; `-` for standard input).
    pub(crate) sheet: PathBuf,
    /// The player, by name.
    #[arg(long)]
    pub(crate) player: String,
    /// Price a card (the same as `--target card=NAME`).
    #[arg(long)]
    pub(crate) card: Option<String>,
    /// Price the player's next wonder stage (the same as `--target stage`).
    #[arg(long)]
    pub(crate) stage: bool,
    /// Price something else the game prices, as KIND or KIND=NAME; an
    /// unknown kind lists the game's.
    #[arg(long, value_name = "KIND[=NAME]", value_parser = Target::parse)]
    pub(crate) target: Option<Target>,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// The flags `--target` replaced (`--leader NAME`, `--wonder NAME`):
    /// refused with the words that replace them.
    #[arg(long, hide = true, value_name = "NAME")]
    pub(crate) leader: Option<String>,
    #[arg(long, hide = true, value_name = "NAME")]
    pub(crate) wonder: Option<String>,
}

#[derive(Args, Debug)]
pub(crate) struct TestArgs {
    /// Scenario files, or folders searched for `.yaml` files (in a game
    /// folder, its `tests` folder only; default: `cards/`).
    pub(crate) paths: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
    /// The replay log (`-` for standard input).
    pub(crate) log: PathBuf,
}

#[derive(Args, Debug)]
#[cfg_attr(
    not(feature = "serve"),
    allow(dead_code, reason = "a build without the table reads no option of it")
)]
pub(crate) struct ServeArgs {
    /// The address to listen on, as IP:PORT (port 0: any free port). The
    /// default serves this machine only; 0.0.0.0:7777 shares the tables
    /// with the network.
    #[arg(long, default_value = "127.0.0.1:7777", value_name = "IP:PORT")]
    pub(crate) addr: std::net::SocketAddr,
    /// The SQLite file the games are stored in (made if need be).
    #[arg(long, default_value = "sevenw-tables.sqlite", value_name = "PATH")]
    pub(crate) db: PathBuf,
    /// How many bots may think at once (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) open_bots_threads: Option<u64>,
    /// The most connections open at once (default: three quarters of the
    /// open-file limit, `ulimit -n`, keeping at least 64 files for the
    /// rest, and at most 4096). At the cap a new connection pushes out the
    /// one that has waited longest on its client to send a request, else
    /// the oldest live-update stream.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) max_connections: Option<u64>,
    /// The most connections open at once from one client address, an IPv6
    /// /64 counting as one (default: 32, at most the cap). At it a new
    /// connection pushes out one of the same client's. Behind a reverse
    /// proxy every connection comes from the proxy: set it to the cap.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) max_connections_per_client: Option<u64>,
}
