//! `sevenw`: play, simulate, score, price and replay the games of a card
//! library, as a library function ([`main_with`], [`run`]) so that any binary
//! can offer the command line for its own compiled games.
//!
//! Exit codes: 0 success; 1 bad input (a sheet, a log, a file, a card set
//! the rules cannot play); 2 a bad command line (clap's usage errors, and
//! options the game refuses: an unknown game, a player count out of range,
//! an unknown wonder).

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use sevenw_host::GameInfo;

use crate::bots::BotKind;
use crate::engine::compose::categories_in_play;
use crate::engine::rng::derive;
use crate::game::{Setup, SetupError, Sides};
use crate::games::{AnyGame, rules_for};
use crate::replay::Log;
use crate::sheet::{Target, wonder_named};
use crate::sim::{SimError, SimOptions, Stats};
use crate::text::{plural, shown};

const AFTER: &str = "\
Exit codes: 0 success; 1 bad input (a sheet, a log, a file); 2 a bad command line.
A path of `-` reads standard input.";

/// Play, simulate, score and price 7 Wonders games.
#[derive(Parser, Debug)]
#[command(
    name = "sevenw",
    version,
    about = "Play, simulate, score, price and replay the games of the 7 Wonders card library",
    after_help = AFTER
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
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
struct GameArgs {
    /// The game (a game of the card library: base, duel, architects).
    /// With `--with`, it may be left out: the game the expansions extend.
    #[arg(long, required_unless_present = "with")]
    game: Option<String>,
    /// The game's edition (default: its first).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..))]
    edition: Option<u8>,
    /// Expansions in play, comma-separated (`--with leaders`).
    #[arg(long, value_delimiter = ',', value_name = "EXPANSION,…")]
    with: Vec<String>,
    /// Which leaders are dealt with Leaders: the normal ones (advised for
    /// first games) or all, expert ones included.
    #[arg(long, value_enum, ignore_case = true)]
    leaders: Option<LeadersArg>,
    /// Players (a game of one player count may leave it out).
    #[arg(long)]
    players: Option<usize>,
    /// The game's seed; without it one is drawn from the clock and shown.
    #[arg(long)]
    seed: Option<u64>,
    /// Bots (random, greedy, mcts, or mcts:N for N playouts per decision):
    /// one kind for every seat, or one per seat, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "greedy", value_parser = parse_bot)]
    bots: Vec<BotKind>,
    /// Which wonder sides are dealt.
    #[arg(long, value_enum, ignore_case = true)]
    sides: Option<SidesArg>,
    /// Wonders chosen instead of dealt: one per seat in the base game
    /// (`Giza:B,Rhodes,…`, side A unless given); Duel's 8, the first
    /// player's 4 first (otherwise they are drafted).
    #[arg(long, value_name = "W[:SIDE],…")]
    wonders: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LeadersArg {
    Normal,
    All,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SidesArg {
    A,
    B,
    Random,
}

fn parse_bot(s: &str) -> Result<BotKind, String> {
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
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Write the game's replay log to this file.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct SimArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Threads (default: every core). The results are the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Check every invariant after every move (every card in one place,
    /// coins never negative, legal moves until the end…) and, at each
    /// game's end, its cities re-scored as a sheet and its replay log; the
    /// first violation is reported (game, seed, move, invariant), exit 1.
    #[arg(long)]
    check: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct BalanceArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Threads (default: every core). The results are the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// The directory to write report.json and report.html into (made if need be).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// An earlier report.json to compare with.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ScoreArgs {
    /// The city sheet (YAML; `-` for standard input).
    sheet: PathBuf,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("target").required(true).args(["card", "stage", "wonder", "leader"]))]
struct PriceArgs {
    /// The city sheet (YAML; `-` for standard input).
    sheet: PathBuf,
    /// The player, by name.
    #[arg(long)]
    player: String,
    /// Price a card.
    #[arg(long)]
    card: Option<String>,
    /// Price the player's next wonder stage.
    #[arg(long)]
    stage: bool,
    /// With --stage: joining the current Age's project with it (Edifice),
    /// its coins paid with the stage's cost.
    #[arg(long)]
    join: bool,
    /// Price a wonder (Duel).
    #[arg(long)]
    wonder: Option<String>,
    /// Price recruiting a leader of the player's hand (Leaders).
    #[arg(long)]
    leader: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct TestArgs {
    /// Scenario files, or folders searched for `.yaml` files (in a game
    /// folder, its `tests` folder only; default: `cards/`).
    paths: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The replay log (`-` for standard input).
    log: PathBuf,
}

/// A failure: a usage error (exit 2) or bad input (exit 1).
enum Fail {
    Usage(clap::Error),
    Input(String),
}

/// A usage error of subcommand `sub`, shown with its usage line.
fn usage(sub: &str, kind: ErrorKind, msg: impl std::fmt::Display) -> Fail {
    let mut cli = Cli::command();
    cli.build();
    let err = match cli.find_subcommand_mut(sub) {
        Some(c) => c.error(kind, msg),
        None => cli.error(kind, msg),
    };
    Fail::Usage(err)
}

fn input(msg: impl Into<String>) -> Fail {
    Fail::Input(msg.into())
}

/// `sevenw` over `games`, with the process's arguments: the whole `main`
/// of a binary (`sevenw_runtime::cli::main_with(sevenw_cards::GAMES)` for
/// the shipped games, or a designer's generated `GAMES`).
pub fn main_with(games: &[&'static GameInfo]) -> ExitCode {
    run(games, std::env::args_os())
}

/// `sevenw` over `games`, with `args` (the first is the program's name).
pub fn run<I, T>(games: &[&'static GameInfo], args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            // Help and version are printed to stdout with exit 0.
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    let result = match cli.command {
        Command::Play(a) => play(games, a),
        Command::Sim(a) => sim(games, a),
        Command::Balance(a) => balance(games, a),
        Command::Score(a) => score(games, a),
        Command::Price(a) => price(games, a),
        Command::Replay(a) => replay(games, a),
        Command::Test(a) => return test(games, a),
        Command::Schema { document, out } => schema(document.as_deref(), out.as_deref()),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sevenw", &mut out);
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
    }
}

/// Writes the output; a reader that went away (`sevenw … | head`) ends the
/// command quietly.
fn emit(out: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// The file at `path` (`-`: standard input), read once.
fn read_input(path: &Path) -> Result<String, Fail> {
    let shown_path = shown(&path.display().to_string()).into_owned();
    let mut bytes = Vec::new();
    let read = if path == Path::new("-") {
        std::io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|mut f| {
            // A sheet or a log is small: stop reading well past the limit.
            std::io::Read::by_ref(&mut f)
                .take(crate::doc::MAX_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
        })
    };
    read.map_err(|e| input(format!("cannot read {shown_path}: {e}")))?;
    String::from_utf8(bytes).map_err(|_| input(format!("{shown_path} is not UTF-8 text")))
}

fn label(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        shown(&path.display().to_string()).into_owned()
    }
}

/// The game the command line asks for: `--game`, `--edition`, `--with`.
fn find(sub: &str, games: &[&'static GameInfo], a: &GameArgs) -> Result<&'static GameInfo, Fail> {
    let with: Vec<&str> = a.with.iter().map(String::as_str).collect();
    let game = match &a.game {
        Some(g) => g.as_str(),
        None => crate::extended_by(games, &with)
            .map_err(|e| usage(sub, ErrorKind::MissingRequiredArgument, e.message))?,
    };
    crate::select(games, game, a.edition, &with)
        .map_err(|e| usage(sub, ErrorKind::InvalidValue, format!("--{}: {e}", e.option)))
}

fn rules(info: &'static GameInfo) -> Result<Box<dyn AnyGame>, Fail> {
    rules_for(info).map_err(input)
}

fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    derive(t, u64::from(std::process::id()))
}

/// A set-up error in the command line's terms.
fn setup_fail(sub: &str, e: SetupError) -> Fail {
    match e {
        SetupError::Option { .. } => usage(sub, ErrorKind::InvalidValue, e),
        SetupError::Game(m) => input(m),
    }
}

/// A game read from the command line: its rules, its set-up and one bot
/// kind per seat.
type Chosen = (Box<dyn AnyGame>, Setup, Vec<BotKind>);

/// The game, its set-up and one bot kind per seat.
fn game_setup(sub: &str, games: &[&'static GameInfo], a: &GameArgs) -> Result<Chosen, Fail> {
    let info = find(sub, games, a)?;
    let g = rules(info)?;
    if a.leaders.is_some() && info.draft.is_none() {
        return Err(usage(
            sub,
            ErrorKind::InvalidValue,
            "--leaders: no leaders are in play (add `--with leaders`)",
        ));
    }
    let wonders = match &a.wonders {
        None => None,
        Some(list) => {
            let mut out = Vec::new();
            for item in list.split(',') {
                let (name, side) = match item.rsplit_once(':') {
                    Some((n, s)) => (n, Some(s)),
                    None => (item, None),
                };
                let w = wonder_named(g.vocab(), name)
                    .map_err(|m| usage(sub, ErrorKind::InvalidValue, format!("--wonders: {m}")))?;
                let s = match side {
                    None => 0,
                    Some(side) => g.vocab().find_side(w, side).ok_or_else(|| {
                        usage(
                            sub,
                            ErrorKind::InvalidValue,
                            format!(
                                "--wonders: {} has no side `{}`",
                                crate::engine::vocab::wonder_name(info, w),
                                shown(side.trim())
                            ),
                        )
                    })?,
                };
                out.push((w, s));
            }
            Some(out)
        }
    };
    let setup = Setup {
        players: a.players,
        seed: a.seed.unwrap_or_else(clock_seed),
        sides: match a.sides {
            None | Some(SidesArg::Random) => Sides::Random,
            Some(SidesArg::A) => Sides::A,
            Some(SidesArg::B) => Sides::B,
        },
        wonders,
        expert: a.leaders == Some(LeadersArg::All),
    };
    g.check(&setup).map_err(|e| setup_fail(sub, e))?;
    let seats = a.players.unwrap_or(usize::from(info.min_players));
    let bots = match a.bots.len() {
        1 => vec![a.bots[0]; seats],
        n if n == seats => a.bots.clone(),
        n => {
            return Err(usage(
                sub,
                ErrorKind::InvalidValue,
                format!(
                    "--bots: {} for {}",
                    plural(n as i64, "bot"),
                    plural(seats as i64, "player")
                ),
            ));
        }
    };
    Ok((g, setup, bots))
}

fn play(games: &[&'static GameInfo], a: PlayArgs) -> Result<String, Fail> {
    let (g, setup, bots) = game_setup("play", games, &a.game)?;
    let played = g.play(&setup, &bots).map_err(|e| setup_fail("play", e))?;
    let mut out = played.text;
    if let Some(path) = &a.log {
        std::fs::write(path, played.log.to_text())
            .map_err(|e| input(format!("cannot write {}: {e}", label(path))))?;
        out.push_str(&format!("replay log written to {}\n", label(path)));
    }
    Ok(out)
}

/// A progress bar on standard error, when it is a terminal.
fn progress_bar(games: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(games);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "[{bar:30}] {human_pos}/{human_len} games, {per_sec}, {eta} left",
    ) {
        bar.set_style(style.progress_chars("#>-"));
    }
    bar
}

fn sim(games: &[&'static GameInfo], a: SimArgs) -> Result<String, Fail> {
    let (g, setup, bots) = game_setup("sim", games, &a.game)?;
    let threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let opts = SimOptions {
        setup,
        bots,
        games: a.games,
        threads,
        check: a.check,
    };
    let bar = progress_bar(a.games);
    let start = Instant::now();
    let stats = g.sim(&opts, &|n| bar.inc(n)).map_err(|e| match e {
        SimError::Setup(e) => setup_fail("sim", e),
        e @ SimError::Violation { .. } => {
            bar.finish_and_clear();
            let players = opts
                .setup
                .players
                .map(|n| format!(", {}", plural(n as i64, "player")))
                .unwrap_or_default();
            input(format!("sim --check: {}{players}: {e}", g.info().title))
        }
        e => input(e.to_string()),
    })?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    Ok(if a.json {
        sim_json(&*g, &opts, &stats, secs)
    } else {
        sim_text(&*g, &opts, &stats, secs)
    })
}

fn balance(games: &[&'static GameInfo], a: BalanceArgs) -> Result<String, Fail> {
    use crate::balance::{Report, html};
    let (g, setup, bots) = game_setup("balance", games, &a.game)?;
    // The baseline is read before the games are played: a mistake in it
    // costs nothing.
    let baseline = match &a.baseline {
        Some(p) => {
            let text =
                std::fs::read_to_string(p).map_err(|e| input(format!("{}: {e}", p.display())))?;
            let old: Report = serde_json::from_str(&text).map_err(|e| {
                input(format!(
                    "{}: not a balance report ({e})",
                    shown(&p.display().to_string())
                ))
            })?;
            Some(old)
        }
        None => None,
    };
    let threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let opts = SimOptions {
        setup,
        bots,
        games: a.games,
        threads,
        check: false,
    };
    let bar = progress_bar(a.games);
    let start = Instant::now();
    let tally = g.balance(&opts, &|n| bar.inc(n)).map_err(|e| match e {
        SimError::Setup(e) => setup_fail("balance", e),
        e => input(e.to_string()),
    })?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let mut report = Report::new(g.info(), g.victories(), &opts, &tally, secs);
    if let (Some(old), Some(p)) = (&baseline, &a.baseline) {
        report.compare(old, &p.display().to_string());
    }
    std::fs::create_dir_all(&a.out).map_err(|e| input(format!("{}: {e}", a.out.display())))?;
    let json_path = a.out.join("report.json");
    let html_path = a.out.join("report.html");
    let json = serde_json::to_string_pretty(&report).map_err(|e| input(e.to_string()))?;
    std::fs::write(&json_path, json + "\n")
        .map_err(|e| input(format!("{}: {e}", json_path.display())))?;
    std::fs::write(&html_path, html::page(&report))
        .map_err(|e| input(format!("{}: {e}", html_path.display())))?;
    let mut out = format!(
        "{} games of {}, {} players, bots {}: {:.2} s, {:.2} games/s\n",
        report.games,
        report.title,
        report.players,
        report.bots.join(","),
        secs,
        report.games_per_sec
    );
    let flagged = report.labels.iter().filter(|l| l.rate.flagged).count();
    out.push_str(&format!(
        "{flagged} of {} win rates leave out the even rate {:.1}%\n",
        report.labels.len(),
        report.even * 100.0
    ));
    if let Some(b) = &report.baseline {
        let changed: Vec<String> = b
            .changes
            .iter()
            .filter(|c| c.flagged)
            .map(|c| {
                format!(
                    "  {} {} {}: {:.1}% -> {:.1}% (z {:.1})",
                    c.kind,
                    shown(&c.name),
                    c.metric,
                    c.before * 100.0,
                    c.after * 100.0,
                    c.z
                )
            })
            .collect();
        out.push_str(&format!(
            "{} changes beyond the noise since the baseline\n",
            changed.len()
        ));
        for c in changed {
            out.push_str(&c);
            out.push('\n');
        }
    }
    out.push_str(&format!(
        "wrote {} and {}\n",
        json_path.display(),
        html_path.display()
    ));
    Ok(out)
}

fn round(v: f64, digits: i32) -> f64 {
    let m = 10f64.powi(digits);
    (v * m).round() / m
}

/// Per-category averages per player, and the total.
/// Only the categories of the card sets in play: a composed game's list
/// holds those of every expansion of the family sorting before the last
/// one in play.
fn averages(info: &'static GameInfo, s: &Stats) -> Vec<(String, f64)> {
    let per = (s.games as f64 * s.seats() as f64).max(1.0);
    let mut v: Vec<(String, f64)> = categories_in_play(info)
        .into_iter()
        .filter_map(|i| {
            Some((
                info.categories.get(i)?.to_string(),
                *s.points.get(i)? as f64 / per,
            ))
        })
        .collect();
    let total: i64 = s.seat_totals.iter().sum();
    v.push(("total".to_string(), total as f64 / per));
    v
}

/// JSON whose objects keep their keys in the order given (categories in
/// the game's order, not sorted).
enum J {
    V(serde_json::Value),
    O(Vec<(String, J)>),
}

impl serde::Serialize for J {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            J::V(v) => v.serialize(s),
            J::O(entries) => {
                let mut m = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
    }
}

fn ordered(entries: Vec<(String, serde_json::Value)>) -> J {
    J::O(entries.into_iter().map(|(k, v)| (k, J::V(v))).collect())
}

fn sim_json(g: &dyn AnyGame, o: &SimOptions, s: &Stats, secs: f64) -> String {
    use serde_json::json;
    let info = g.info();
    let games = s.games.max(1) as f64;
    let average = averages(info, s)
        .into_iter()
        .map(|(c, v)| (c, json!(round(v, 3))))
        .collect();
    let victory = g
        .victories()
        .iter()
        .map(|&k| {
            let n = s.victories.get(k).copied().unwrap_or(0);
            (k.to_string(), json!(round(n as f64 / games, 4)))
        })
        .collect();
    let win_rate = s
        .tags
        .iter()
        .map(|(k, &(played, won))| {
            (
                k.to_string(),
                json!(round(won as f64 / played.max(1) as f64, 4)),
            )
        })
        .collect();
    let bots: Vec<String> = o.bots.iter().map(|b| b.to_string()).collect();
    let j = |v: serde_json::Value| J::V(v);
    let v = J::O(vec![
        ("game".into(), j(json!(info.name))),
        ("players".into(), j(json!(s.seats()))),
        ("games".into(), j(json!(s.games))),
        ("seed".into(), j(json!(o.setup.seed))),
        ("bots".into(), j(json!(bots))),
        ("threads".into(), j(json!(o.threads))),
        ("check".into(), j(json!(o.check))),
        ("seconds".into(), j(json!(round(secs, 4)))),
        (
            "games_per_sec".into(),
            j(json!(round(s.games as f64 / secs.max(1e-9), 1))),
        ),
        ("average".into(), ordered(average)),
        ("victory".into(), ordered(victory)),
        (
            "seat_win_rate".into(),
            j(json!(
                s.seat_wins
                    .iter()
                    .map(|&w| round(w as f64 / games, 4))
                    .collect::<Vec<_>>()
            )),
        ),
        ("shared".into(), j(json!(round(s.shared as f64 / games, 4)))),
        (
            "seat_average_total".into(),
            j(json!(
                s.seat_totals
                    .iter()
                    .map(|&t| round(t as f64 / games, 3))
                    .collect::<Vec<_>>()
            )),
        ),
        ("win_rate".into(), ordered(win_rate)),
    ]);
    format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
}

fn sim_text(g: &dyn AnyGame, o: &SimOptions, s: &Stats, secs: f64) -> String {
    let info = g.info();
    let games = s.games.max(1) as f64;
    let pct = |n: u64| n as f64 * 100.0 / games;
    let bots: Vec<String> = o.bots.iter().map(|b| b.to_string()).collect();
    let rate = s.games as f64 / secs.max(1e-9);
    let per_decision = secs * 1e9 / (s.decisions.max(1) as f64) * o.threads.max(1) as f64;
    let mut out = format!(
        "{} of {}, {}, seed {}, bots {}, {}\n{secs:.2} s, {rate:.1} games/s ({per_decision:.0} ns per decision per thread)\n",
        plural(s.games, "game"),
        info.title,
        plural(s.seats() as i64, "player"),
        o.setup.seed,
        bots.join(","),
        plural(o.threads as i64, "thread"),
    );
    if o.check {
        out.push_str(&format!(
            "checked: every invariant after each of {} decisions, each game's sheet and replay: no violation\n",
            s.decisions
        ));
    }
    out.push_str("\naverage score per player\n");
    for (c, v) in averages(info, s) {
        out.push_str(&format!("  {c:<12} {v:6.2}\n"));
    }
    if g.victories().len() > 1 {
        out.push_str("\nvictory type\n");
        for &k in g.victories() {
            let n = s.victories.get(k).copied().unwrap_or(0);
            out.push_str(&format!("  {k:<10} {:5.1}%  ({n})\n", pct(n)));
        }
    }
    let seats: Vec<String> = s
        .seat_wins
        .iter()
        .enumerate()
        .map(|(i, &w)| format!("{} {:.1}%", i + 1, pct(w)))
        .collect();
    out.push_str(&format!(
        "\nwins by seat: {}, shared {:.1}%\n",
        seats.join(", "),
        pct(s.shared)
    ));
    let totals: Vec<String> = s
        .seat_totals
        .iter()
        .enumerate()
        .map(|(i, &t)| format!("{} {:.2}", i + 1, t as f64 / games))
        .collect();
    out.push_str(&format!("average total by seat: {}\n", totals.join(", ")));
    if !s.tags.is_empty() {
        out.push_str("\nwin rate per wonder (ties count for each winner)\n");
        for (k, &(played, won)) in &s.tags {
            out.push_str(&format!(
                "  {k:<22} {:5.1}%  of {}\n",
                won as f64 * 100.0 / played.max(1) as f64,
                plural(played, "game")
            ));
        }
    }
    out
}

/// The rules of the game a sheet names.
fn sheet_game(
    games: &[&'static GameInfo],
    path: &Path,
    text: &str,
) -> Result<Box<dyn AnyGame>, Fail> {
    let info = crate::doc::select_of(games, text, "sheet").map_err(|e| {
        if e.line > 0 {
            input(format!("{}:{e}", label(path)))
        } else {
            input(format!("{}: {e}", label(path)))
        }
    })?;
    rules(info)
}

/// A sheet error with the file's name.
fn sheet_fail(path: &Path, e: crate::sheet::SheetError) -> Fail {
    if e.line > 0 {
        input(format!("{}:{e}", label(path)))
    } else {
        input(format!("{}: {e}", label(path)))
    }
}

fn score(games: &[&'static GameInfo], a: ScoreArgs) -> Result<String, Fail> {
    let text = read_input(&a.sheet)?;
    let g = sheet_game(games, &a.sheet, &text)?;
    let r = g.score(&text).map_err(|e| sheet_fail(&a.sheet, e))?;
    Ok(if a.json {
        format!("{}\n", r.to_json())
    } else {
        r.to_text()
    })
}

fn price(games: &[&'static GameInfo], a: PriceArgs) -> Result<String, Fail> {
    if a.join && !a.stage {
        return Err(usage(
            "price",
            ErrorKind::ArgumentConflict,
            "--join prices a wonder stage joining the project: use it with --stage".to_string(),
        ));
    }
    let target = match (&a.card, &a.wonder, &a.leader) {
        (Some(c), _, _) => Target::Card(c.clone()),
        (_, Some(w), _) => Target::Wonder(w.clone()),
        (_, _, Some(l)) => Target::Leader(l.clone()),
        _ if a.join => Target::StageJoin,
        _ => Target::Stage,
    };
    let text = read_input(&a.sheet)?;
    let g = sheet_game(games, &a.sheet, &text)?;
    if let Some(why) = g.refuse(&target) {
        return Err(usage("price", ErrorKind::ArgumentConflict, why));
    }
    let p = g
        .price(&text, &a.player, &target)
        .map_err(|e| sheet_fail(&a.sheet, e))?;
    Ok(if a.json {
        format!("{}\n", p.to_json())
    } else {
        format!("{}\n", p.reason)
    })
}

fn replay(games: &[&'static GameInfo], a: ReplayArgs) -> Result<String, Fail> {
    let path = &a.log;
    let text = read_input(path)?;
    let fail = |e: crate::replay::ReplayError| input(format!("{}: {e}", label(path)));
    let log = Log::parse(&text).map_err(fail)?;
    let info = log.select(games).map_err(fail)?;
    let g = rules(info)?;
    g.replay(&log).map_err(fail)
}

/// A schema as the repository keeps it: pretty JSON and a final newline.
pub fn schema_text(schema: &serde_json::Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(schema).unwrap_or_default()
    )
}

fn schema(document: Option<&str>, out: Option<&Path>) -> Result<String, Fail> {
    let docs = crate::schema::documents();
    if let Some(dir) = out {
        std::fs::create_dir_all(dir)
            .map_err(|e| input(format!("cannot create {}: {e}", label(dir))))?;
        for (name, s) in &docs {
            let path = dir.join(format!("{name}.schema.json"));
            std::fs::write(&path, schema_text(s))
                .map_err(|e| input(format!("cannot write {}: {e}", label(&path))))?;
        }
        return Ok(String::new());
    }
    let want = document.unwrap_or("");
    match docs.iter().find(|(n, _)| *n == want) {
        Some((_, s)) => Ok(schema_text(s)),
        None => {
            let names: Vec<&str> = docs.iter().map(|(n, _)| *n).collect();
            Err(usage(
                "schema",
                ErrorKind::InvalidValue,
                format!(
                    "unknown document `{}` (documents: {})",
                    shown(want),
                    names.join(", ")
                ),
            ))
        }
    }
}

/// The scenario files under `paths` (folders searched), in name order.
fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fail> {
    let mut roots = paths.to_vec();
    if roots.is_empty() {
        let cards = PathBuf::from("cards");
        if !cards.is_dir() {
            return Err(input(
                "no scenarios given, and there is no `cards` folder here to look in: give files or folders",
            ));
        }
        roots.push(cards);
    }
    let mut files = Vec::new();
    for root in roots {
        if root.is_dir() {
            let mut stack = vec![root];
            while let Some(dir) = stack.pop() {
                // A game folder's own files are cards: only its `tests`
                // folder holds scenarios.
                if dir.join("game.yaml").is_file() {
                    let tests = dir.join("tests");
                    if tests.is_dir() {
                        stack.push(tests);
                    }
                    continue;
                }
                let entries = std::fs::read_dir(&dir)
                    .map_err(|e| input(format!("cannot read {}: {e}", label(&dir))))?;
                for e in entries.filter_map(Result::ok) {
                    let p = e.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
                        files.push(p);
                    }
                }
            }
        } else if root.exists() || root == Path::new("-") {
            files.push(root);
        } else {
            return Err(input(format!("{}: no such file or folder", label(&root))));
        }
    }
    files.sort();
    Ok(files)
}

/// One scenario file run.
fn test_one(games: &[&'static GameInfo], path: &Path) -> crate::scenario::Run {
    match read_input(path) {
        Ok(text) => crate::games::test(games, &text),
        Err(Fail::Input(m)) => crate::scenario::Run {
            error: Some(crate::doc::nowhere(m)),
            ..Default::default()
        },
        Err(Fail::Usage(e)) => crate::scenario::Run {
            error: Some(crate::doc::nowhere(e.to_string())),
            ..Default::default()
        },
    }
}

fn test(games: &[&'static GameInfo], a: TestArgs) -> ExitCode {
    let files = match scenario_files(&a.paths) {
        Ok(f) => f,
        Err(Fail::Input(m)) => {
            let _ = writeln!(std::io::stderr(), "error: {m}");
            return ExitCode::from(1);
        }
        Err(Fail::Usage(e)) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    let runs: Vec<(String, crate::scenario::Run)> = files
        .iter()
        .map(|f| (label(f), test_one(games, f)))
        .collect();
    let failed = runs.iter().filter(|(_, r)| !r.passed()).count();
    let passed = runs.len() - failed;
    let out = if a.json {
        #[derive(serde::Serialize)]
        struct Place<'a> {
            line: u64,
            column: u64,
            message: &'a str,
        }
        #[derive(serde::Serialize)]
        struct One<'a> {
            file: &'a str,
            passed: bool,
            steps: usize,
            checks: usize,
            error: Option<Place<'a>>,
            failures: Vec<Place<'a>>,
        }
        #[derive(serde::Serialize)]
        struct All<'a> {
            passed: usize,
            failed: usize,
            scenarios: Vec<One<'a>>,
        }
        let all = All {
            passed,
            failed,
            scenarios: runs
                .iter()
                .map(|(file, r)| One {
                    file,
                    passed: r.passed(),
                    steps: r.steps,
                    checks: r.checks,
                    error: r.error.as_ref().map(|e| Place {
                        line: e.line,
                        column: e.column,
                        message: &e.message,
                    }),
                    failures: r
                        .failures
                        .iter()
                        .map(|f| Place {
                            line: f.line,
                            column: f.column,
                            message: &f.message,
                        })
                        .collect(),
                })
                .collect(),
        };
        format!(
            "{}\n",
            serde_json::to_string_pretty(&all).unwrap_or_default()
        )
    } else {
        let mut out = String::new();
        for (file, r) in &runs {
            for line in crate::scenario::report_lines(file, r) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push_str(&format!("{passed} passed, {failed} failed\n"));
        out
    };
    let code = emit(&out);
    if failed > 0 && code == ExitCode::SUCCESS {
        ExitCode::from(1)
    } else {
        code
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
