//! `sevenw`: play, simulate, score and price 7 Wonders games.
//!
//! ```text
//! sevenw play   --game base --players N [--seed S] [--bots B] [--sides A|B|random] [--log FILE]
//! sevenw sim    --game base --players N --games G [--seed S] [--bots B] [--sides …] [--json]
//! sevenw play   --game duel [--seed S] [--bots B] [--wonders W1,…,W8] [--log FILE]
//! sevenw sim    --game duel --games G [--seed S] [--bots B] [--wonders …] [--json]
//! sevenw score  SHEET [--json]
//! sevenw price  SHEET --player NAME (--card CARD | --stage) [--json]
//! sevenw replay LOG
//! ```
//!
//! Exit codes: 0 success, 1 a bad sheet, log or file, 2 a bad command line.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use sevenw_runtime::base::{
    Base, Game, Move, NoObserver, Observer, Outcome, Setup, SidePolicy, Table,
};
use sevenw_runtime::duel::{
    self, Duel, DuelGame, DuelMove, DuelObserver, DuelOutcome, DuelSetup, DuelTable, NoDuelObserver,
};
use sevenw_runtime::duel_replay;
use sevenw_runtime::duel_sheet;
use sevenw_runtime::player::{BotKind, Player};
use sevenw_runtime::replay::{self, Replay};
use sevenw_runtime::sheet::{self, Target};

const USAGE: &str = "\
usage:
  sevenw play   --game GAME --players N [--seed S] [--bots B] [--sides A|B|random]
                [--wonders W[:SIDE],...] [--log FILE]
  sevenw sim    --game GAME --players N --games G [--seed S] [--bots B]
                [--sides A|B|random] [--wonders W[:SIDE],...] [--json]
  sevenw score  SHEET [--json]
  sevenw price  SHEET --player NAME (--card CARD | --stage | --wonder W) [--json]
  sevenw replay LOG

  B is `random` or `greedy`, or a comma-separated list with one per seat
  (default: greedy). Without --seed a seed is drawn from the clock and shown.
  --wonders chooses the boards, one per seat in order (side A unless given);
  otherwise they are dealt at random.
  Duel (--game duel): two players, --players may be left out; --wonders
  gives the 8 wonders, the first player's 4 first (else they are drafted);
  sim prints the share of civilian, military and science victories.

";

/// A failure: message and exit code.
struct Fail(String, u8);

fn usage(msg: impl Into<String>) -> Fail {
    Fail(format!("{}\n\n{USAGE}", msg.into()), 2)
}

fn fail(msg: impl Into<String>) -> Fail {
    Fail(msg.into(), 1)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(out.as_bytes());
            let _ = stdout.flush();
            ExitCode::SUCCESS
        }
        Err(Fail(msg, code)) => {
            let _ = writeln!(std::io::stderr(), "error: {msg}");
            ExitCode::from(code)
        }
    }
}

/// Parsed `--flag value` options and positional arguments.
struct Args {
    positional: Vec<String>,
    options: BTreeMap<String, String>,
    switches: Vec<String>,
}

/// Parses `args` given which options take a value and which are switches.
fn parse(args: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, Fail> {
    let mut out = Args {
        positional: Vec::new(),
        options: BTreeMap::new(),
        switches: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if let Some(flag) = a.strip_prefix("--") {
            let (name, inline) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (flag, None),
            };
            if valued.contains(&name) {
                let value = match inline {
                    Some(v) => v,
                    None => {
                        i += 1;
                        args.get(i)
                            .cloned()
                            .ok_or_else(|| usage(format!("--{name} needs a value")))?
                    }
                };
                if out.options.insert(name.to_string(), value).is_some() {
                    return Err(usage(format!("--{name} given twice")));
                }
            } else if switches.contains(&name) && inline.is_none() {
                out.switches.push(name.to_string());
            } else {
                return Err(usage(format!("unknown option `{a}`")));
            }
        } else if a.starts_with('-') && a.len() > 1 {
            return Err(usage(format!("unknown option `{a}`")));
        } else {
            out.positional.push(a.clone());
        }
        i += 1;
    }
    Ok(out)
}

impl Args {
    fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }
    fn has(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }
    fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, Fail> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| usage(format!("--{name}: `{v}` is not a valid number"))),
        }
    }
    fn no_positional(&self, cmd: &str) -> Result<(), Fail> {
        match self.positional.first() {
            Some(p) => Err(usage(format!("`sevenw {cmd}` takes no argument `{p}`"))),
            None => Ok(()),
        }
    }
}

fn run(args: &[String]) -> Result<String, Fail> {
    let Some((cmd, rest)) = args.split_first() else {
        return Err(usage("no command given"));
    };
    match cmd.as_str() {
        "play" => play(rest),
        "sim" => sim(rest),
        "score" => score(rest),
        "price" => price(rest),
        "replay" => replay_cmd(rest),
        "help" | "--help" | "-h" => Ok(USAGE.to_string()),
        other => Err(usage(format!("unknown command `{other}`"))),
    }
}

/// The options `play` and `sim` share.
struct GameOpts {
    base: Base,
    players: usize,
    seed: u64,
    bots: Vec<BotKind>,
    sides: SidePolicy,
    wonders: Option<Vec<(u8, u8)>>,
}

fn game_opts(a: &Args) -> Result<GameOpts, Fail> {
    let name = a.get("game").ok_or_else(|| usage("--game is required"))?;
    let info = sevenw_runtime::game(name).ok_or_else(|| {
        usage(format!(
            "unknown game `{name}` (known: {})",
            sevenw_runtime::game_names().join(", ")
        ))
    })?;
    let base = Base::new(info).map_err(|e| fail(format!("game `{name}`: {e}")))?;
    let players: usize = a
        .number("players")?
        .ok_or_else(|| usage("--players is required"))?;
    let (min, max) = (
        usize::from(info.min_players).max(3),
        usize::from(info.max_players),
    );
    if players < min || players > max {
        return Err(usage(format!(
            "--players: {} is for {min} to {max} players",
            info.title
        )));
    }
    let seed = match a.number::<u64>("seed")? {
        Some(s) => s,
        None => clock_seed(),
    };
    let bots = match a.get("bots") {
        None => vec![BotKind::Greedy; players],
        Some(list) => {
            let kinds = list
                .split(',')
                .map(|b| {
                    BotKind::parse(b.trim())
                        .ok_or_else(|| usage(format!("--bots: unknown bot `{b}` (random, greedy)")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            match kinds.len() {
                1 => vec![kinds[0]; players],
                n if n == players => kinds,
                n => return Err(usage(format!("--bots: {n} bots for {players} players"))),
            }
        }
    };
    let sides = match a.get("sides").map(str::to_ascii_lowercase).as_deref() {
        None | Some("random") => SidePolicy::Random,
        Some("a") => SidePolicy::A,
        Some("b") => SidePolicy::B,
        Some(other) => return Err(usage(format!("--sides: `{other}` is not A, B or random"))),
    };
    let wonders = match a.get("wonders") {
        None => None,
        Some(list) => {
            let mut boards = Vec::new();
            for item in list.split(',') {
                let (name, side) = item.rsplit_once(':').unwrap_or((item, "A"));
                let w = base.vocab.find_wonder(name).ok_or_else(|| {
                    let hint = base
                        .vocab
                        .suggest_wonder(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    usage(format!("--wonders: unknown wonder `{}`{hint}", name.trim()))
                })?;
                let s = base.vocab.find_side(w, side).ok_or_else(|| {
                    usage(format!(
                        "--wonders: {} has no side `{}`",
                        base.wonder_name(w),
                        side.trim()
                    ))
                })?;
                if boards.iter().any(|&(w2, _)| w2 == w) {
                    return Err(usage(format!("--wonders: {} twice", base.wonder_name(w))));
                }
                boards.push((w, s));
            }
            if boards.len() != players {
                return Err(usage(format!(
                    "--wonders: {} boards for {players} players",
                    boards.len()
                )));
            }
            Some(boards)
        }
    };
    Ok(GameOpts {
        base,
        players,
        seed,
        bots,
        sides,
        wonders,
    })
}

fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    sevenw_runtime::rng::derive(t, u64::from(std::process::id()))
}

fn make_bots(o: &GameOpts, seed: u64) -> Vec<Box<dyn Player>> {
    o.bots
        .iter()
        .enumerate()
        .map(|(s, k)| k.make(seed, s))
        .collect()
}

/// Prints a game as it is played.
struct Printer {
    out: String,
    labels: Vec<String>,
}

fn roman(age: u8) -> String {
    match age {
        1 => "I".into(),
        2 => "II".into(),
        3 => "III".into(),
        n => n.to_string(),
    }
}

impl Printer {
    fn new(base: &Base, table: &Table) -> Self {
        let labels = table
            .cities
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    base.wonder_name(c.wonder),
                    base.side_name(c.wonder, c.side)
                )
            })
            .enumerate()
            .map(|(i, l)| format!("{}:{l}", i + 1))
            .collect();
        Printer {
            out: String::new(),
            labels,
        }
    }
}

impl Observer for Printer {
    fn age_started(&mut self, _base: &Base, table: &Table) {
        self.out.push_str(&format!("\nAge {}\n", roman(table.age)));
    }
    fn moved(&mut self, base: &Base, table: &Table, seat: usize, mv: &Move, last: bool) {
        if seat == 0 && !last {
            self.out.push_str(&format!(" turn {}\n", table.turn));
        }
        let tag = if last { " (last card)" } else { "" };
        self.out.push_str(&format!(
            "  {:<18} {}{tag}  [coins {}]\n",
            self.labels[seat],
            base.describe(mv),
            table.cities[seat].coins
        ));
    }
    fn built_from_discard(
        &mut self,
        base: &Base,
        _table: &Table,
        seat: usize,
        card: sevenw_host::CardId,
    ) {
        self.out.push_str(&format!(
            "  {:<18} builds {} from the discard pile\n",
            self.labels[seat],
            base.card_name(card)
        ));
    }
    fn age_ended(&mut self, _base: &Base, table: &Table) {
        self.out
            .push_str(&format!(" conflicts of Age {}\n", roman(table.age)));
        for (i, c) in table.cities.iter().enumerate() {
            self.out.push_str(&format!(
                "  {:<18} {:>2} shields, {} victories, {} defeats, {:+} points so far\n",
                self.labels[i], c.shields, c.victories, c.defeats, c.conflict_vp
            ));
        }
    }
}

fn score_table(base: &Base, labels: &[String], out: &Outcome) -> String {
    let report = sheet::ScoreReport {
        players: out
            .scores
            .iter()
            .enumerate()
            .map(|(i, s)| sheet::PlayerScore {
                name: labels[i].clone(),
                points: base
                    .info
                    .categories
                    .iter()
                    .enumerate()
                    .map(|(c, &n)| (n, s.points[c]))
                    .collect(),
                total: s.total,
                coins: s.coins,
                copied: out.copied[i].iter().map(|&c| base.card_name(c)).collect(),
            })
            .collect(),
        winners: out.winners.iter().map(|&i| labels[i].clone()).collect(),
    };
    report.to_text()
}

fn play(rest: &[String]) -> Result<String, Fail> {
    let a = parse(
        rest,
        &["game", "players", "seed", "bots", "sides", "wonders", "log"],
        &[],
    )?;
    a.no_positional("play")?;
    if let Some(d) = duel_game(&a)? {
        return duel_play(&a, &d);
    }
    let o = game_opts(&a)?;
    let setup = Setup {
        players: o.players,
        seed: o.seed,
        sides: o.sides,
        wonders: o.wonders.clone(),
    };
    let game = Game::new(&o.base, &setup).map_err(|e| fail(e.to_string()))?;
    let mut printer = Printer::new(&o.base, &game.table);
    drop(game);
    let bots: Vec<&str> = o.bots.iter().map(|b| b.name()).collect();
    printer.out = format!(
        "{}: {} players, seed {}, bots {}\n",
        o.base.info.title,
        o.players,
        o.seed,
        bots.join(",")
    );
    let (outcome, _table, log) =
        replay::record(&o.base, &setup, make_bots(&o, o.seed), &mut printer)
            .map_err(|e| fail(e.to_string()))?;
    let mut out = std::mem::take(&mut printer.out);
    out.push_str("\nFinal scores\n");
    out.push_str(&score_table(&o.base, &printer.labels, &outcome));
    if let Some(path) = a.get("log") {
        std::fs::write(path, log.to_text())
            .map_err(|e| fail(format!("cannot write {path}: {e}")))?;
        out.push_str(&format!("replay log written to {path}\n"));
    }
    Ok(out)
}

fn replay_cmd(rest: &[String]) -> Result<String, Fail> {
    let a = parse(rest, &[], &[])?;
    let [path] = a.positional.as_slice() else {
        return Err(usage("`sevenw replay` takes one log file"));
    };
    let text =
        std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read {path}: {e}")))?;
    if duel_replay::is_duel_log(&text) {
        let log =
            duel_replay::DuelReplay::parse(&text).map_err(|e| fail(format!("{path}: {e}")))?;
        let info = sevenw_runtime::game(&log.game)
            .ok_or_else(|| fail(format!("{path}: unknown game `{}`", log.game)))?;
        let d = Duel::new(info).map_err(|e| fail(e.to_string()))?;
        let mut printer = DuelPrinter {
            out: format!("{}: replay of {path}, seed {}\n", info.title, log.seed),
            tokens: [0; 2],
        };
        let (outcome, _) = duel_replay::replay(&d, &log, &mut printer)
            .map_err(|e| fail(format!("{path}: {e}")))?;
        let mut out = printer.out;
        out.push_str("\nFinal scores (player 1, player 2)\n");
        out.push_str(&duel_result(&d, &outcome));
        return Ok(out);
    }
    let log = Replay::parse(&text).map_err(|e| fail(format!("{path}: {e}")))?;
    let info = sevenw_runtime::game(&log.game)
        .ok_or_else(|| fail(format!("{path}: unknown game `{}`", log.game)))?;
    let base = Base::new(info).map_err(|e| fail(e.to_string()))?;
    let mut printer = Printer {
        out: format!("{}: replay of {path}, seed {}\n", info.title, log.seed),
        labels: log
            .boards
            .iter()
            .enumerate()
            .map(|(i, (w, s))| format!("{}:{w} {s}", i + 1))
            .collect(),
    };
    let (outcome, _) =
        replay::replay_in(&base, &log, &mut printer).map_err(|e| fail(format!("{path}: {e}")))?;
    let mut out = std::mem::take(&mut printer.out);
    out.push_str("\nFinal scores\n");
    out.push_str(&score_table(&base, &printer.labels, &outcome));
    Ok(out)
}

/// Draws a progress bar on stderr when it is a terminal.
struct Progress {
    on: bool,
    total: u64,
    shown: u64,
}

impl Progress {
    fn new(total: u64) -> Self {
        Progress {
            on: std::io::stderr().is_terminal(),
            total,
            shown: u64::MAX,
        }
    }
    fn update(&mut self, done: u64) {
        if !self.on || self.total == 0 {
            return;
        }
        let pct = done * 100 / self.total;
        if pct == self.shown {
            return;
        }
        self.shown = pct;
        let filled = (pct / 4) as usize;
        let _ = write!(
            std::io::stderr(),
            "\r[{}{}] {pct:3}% {done}/{}",
            "#".repeat(filled),
            " ".repeat(25 - filled),
            self.total
        );
    }
    fn finish(&self) {
        if self.on {
            let _ = write!(std::io::stderr(), "\r{}\r", " ".repeat(60));
        }
    }
}

fn sim(rest: &[String]) -> Result<String, Fail> {
    let a = parse(
        rest,
        &[
            "game", "players", "games", "seed", "bots", "sides", "wonders",
        ],
        &["json"],
    )?;
    a.no_positional("sim")?;
    if let Some(d) = duel_game(&a)? {
        return duel_sim(&a, &d);
    }
    let o = game_opts(&a)?;
    let games: u64 = a
        .number("games")?
        .ok_or_else(|| usage("--games is required"))?;
    if games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    let info = o.base.info;
    let ncat = info.categories.len();
    let mut sums = vec![0i64; ncat + 1];
    let mut played = vec![0u64; info.wonders.len()];
    let mut won = vec![0u64; info.wonders.len()];
    let mut progress = Progress::new(games);
    let start = Instant::now();
    for g in 0..games {
        let seed = sevenw_runtime::rng::derive(o.seed, g);
        let setup = Setup {
            players: o.players,
            seed,
            sides: o.sides,
            wonders: o.wonders.clone(),
        };
        let mut game = Game::new(&o.base, &setup).map_err(|e| fail(e.to_string()))?;
        let outcome = game
            .play(&mut make_bots(&o, seed), &mut NoObserver)
            .map_err(|e| fail(e.to_string()))?;
        for s in &outcome.scores {
            for (c, sum) in sums.iter_mut().take(ncat).enumerate() {
                *sum += i64::from(s.points[c]);
            }
            sums[ncat] += i64::from(s.total);
        }
        for c in &game.table.cities {
            played[usize::from(c.wonder)] += 1;
        }
        for &w in &outcome.winners {
            won[usize::from(game.table.cities[w].wonder)] += 1;
        }
        progress.update(g + 1);
    }
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    let rate = games as f64 / secs.max(1e-9);
    let per = (games * o.players as u64) as f64;
    let avg: Vec<(String, f64)> = info
        .categories
        .iter()
        .map(|c| c.to_string())
        .chain(std::iter::once("total".to_string()))
        .zip(sums.iter().map(|&s| s as f64 / per))
        .collect();
    let rates: Vec<(&str, f64, u64)> = info
        .wonders
        .iter()
        .enumerate()
        .filter(|&(w, _)| played[w] > 0)
        .map(|(w, wi)| (wi.name, won[w] as f64 / played[w] as f64, played[w]))
        .collect();
    let bots: Vec<&str> = o.bots.iter().map(|b| b.name()).collect();
    if a.has("json") {
        let mut average = serde_json::Map::new();
        for (c, v) in &avg {
            average.insert(c.clone(), serde_json::json!(round(*v, 3)));
        }
        let mut win_rate = serde_json::Map::new();
        for (w, r, _) in &rates {
            win_rate.insert(w.to_string(), serde_json::json!(round(*r, 4)));
        }
        let v = serde_json::json!({
            "game": info.name,
            "players": o.players,
            "games": games,
            "seed": o.seed,
            "bots": bots,
            "seconds": round(secs, 4),
            "games_per_sec": round(rate, 1),
            "average": average,
            "win_rate": win_rate,
        });
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        ));
    }
    let mut out = format!(
        "{games} games of {}, {} players, seed {}, bots {}\n{secs:.2} s, {rate:.1} games/s\n\naverage score per player\n",
        info.title,
        o.players,
        o.seed,
        bots.join(",")
    );
    for (c, v) in &avg {
        out.push_str(&format!("  {c:<12} {v:6.2}\n"));
    }
    out.push_str("\nwin rate per wonder (ties count for each winner)\n");
    for (w, r, n) in &rates {
        out.push_str(&format!("  {w:<14} {:5.1}%  of {n} games\n", r * 100.0));
    }
    Ok(out)
}

/// The Duel rules if `--game` names a game with laid-out Ages.
fn duel_game(a: &Args) -> Result<Option<Duel>, Fail> {
    let Some(info) = a.get("game").and_then(sevenw_runtime::game) else {
        return Ok(None);
    };
    if info.layout == 0 {
        return Ok(None);
    }
    let d = Duel::new(info).map_err(|e| fail(format!("game `{}`: {e}", info.name)))?;
    if let Some(n) = a.number::<usize>("players")?
        && n != 2
    {
        return Err(usage(format!("--players: {} is for 2 players", info.title)));
    }
    if a.get("sides").is_some() {
        return Err(usage(format!(
            "--sides: {} wonders have one side",
            info.title
        )));
    }
    Ok(Some(d))
}

/// Duel options: seed, one bot kind per seat, wonders given.
type DuelOpts = (u64, [BotKind; 2], Option<[Vec<u8>; 2]>);

fn duel_opts(a: &Args, d: &Duel) -> Result<DuelOpts, Fail> {
    let seed = match a.number::<u64>("seed")? {
        Some(s) => s,
        None => clock_seed(),
    };
    let bots = match a.get("bots") {
        None => [BotKind::Greedy; 2],
        Some(list) => {
            let kinds = list
                .split(',')
                .map(|b| {
                    BotKind::parse(b.trim())
                        .ok_or_else(|| usage(format!("--bots: unknown bot `{b}` (random, greedy)")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            match kinds[..] {
                [k] => [k, k],
                [k, l] => [k, l],
                _ => return Err(usage(format!("--bots: {} bots for 2 players", kinds.len()))),
            }
        }
    };
    let wonders = match a.get("wonders") {
        None => None,
        Some(list) => {
            let mut ws = Vec::new();
            for name in list.split(',') {
                let w = d.vocab.find_wonder(name).ok_or_else(|| {
                    let hint = d
                        .vocab
                        .suggest_wonder(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    usage(format!("--wonders: unknown wonder `{}`{hint}", name.trim()))
                })?;
                if ws.contains(&w) {
                    return Err(usage(format!("--wonders: {} twice", d.wonder_name(w))));
                }
                ws.push(w);
            }
            if ws.len() != 2 * duel::WONDERS_EACH {
                return Err(usage(format!(
                    "--wonders: {} wonders given; Duel needs {} (the first player's {} first)",
                    ws.len(),
                    2 * duel::WONDERS_EACH,
                    duel::WONDERS_EACH
                )));
            }
            let second = ws.split_off(duel::WONDERS_EACH);
            Some([ws, second])
        }
    };
    Ok((seed, bots, wonders))
}

/// Prints a Duel game as it is played.
struct DuelPrinter {
    out: String,
    /// Tokens held per seat, to report new ones.
    tokens: [usize; 2],
}

impl DuelObserver for DuelPrinter {
    fn age_started(&mut self, d: &Duel, t: &DuelTable) {
        if t.age == 1 {
            for s in 0..2 {
                let w: Vec<&str> = t.wonders[s].iter().map(|&w| d.wonder_name(w)).collect();
                self.out.push_str(&format!(
                    "player {} wonders: {}
",
                    s + 1,
                    w.join(", ")
                ));
            }
            let b: Vec<&str> = t.board_tokens.iter().map(|&k| d.token_name(k)).collect();
            self.out.push_str(&format!(
                "progress tokens on the board: {}
",
                b.join(", ")
            ));
        }
        self.out.push_str(&format!(
            "\nAge {} (player {} starts)\n",
            roman(t.age),
            t.current + 1
        ));
    }
    fn moved(&mut self, d: &Duel, t: &DuelTable, seat: usize, mv: &DuelMove) {
        self.out.push_str(&format!(
            "  player {}  {:<52} [coins {} / {}, pawn {:+}]\n",
            seat + 1,
            d.describe(mv),
            t.cities[0].coins,
            t.cities[1].coins,
            t.pawn
        ));
        let held = t.tokens[seat].len();
        if held > 0 && self.tokens[seat] != held {
            let k = t.tokens[seat][held - 1];
            self.out.push_str(&format!(
                "  player {}  takes progress token {}\n",
                seat + 1,
                d.token_name(k)
            ));
        }
        self.tokens = [t.tokens[0].len(), t.tokens[1].len()];
    }
}

fn duel_result(d: &Duel, out: &DuelOutcome) -> String {
    let mut s = String::new();
    for (c, name) in d.info.categories.iter().enumerate() {
        s.push_str(&format!(
            "  {name:<12} {:>4} {:>4}\n",
            out.scores[0].points[c], out.scores[1].points[c]
        ));
    }
    s.push_str(&format!(
        "  {:<12} {:>4} {:>4}\n",
        "total", out.scores[0].total, out.scores[1].total
    ));
    let who: Vec<String> = out
        .winners
        .iter()
        .map(|w| format!("player {}", w + 1))
        .collect();
    s.push_str(&format!(
        "winner: {} ({} victory)\n",
        who.join(" and "),
        out.victory.name()
    ));
    s
}

fn duel_play(a: &Args, d: &Duel) -> Result<String, Fail> {
    let (seed, bots, wonders) = duel_opts(a, d)?;
    let setup = DuelSetup { seed, wonders };
    // Set-up mistakes are reported before anything is printed.
    DuelGame::new(d, &setup).map_err(|e| fail(e.to_string()))?;
    let mut p0 = bots[0].make_duel(seed, 0);
    let mut p1 = bots[1].make_duel(seed, 1);
    let mut printer = DuelPrinter {
        out: format!(
            "{}: seed {seed}, bots {},{}\n",
            d.info.title,
            bots[0].name(),
            bots[1].name()
        ),
        tokens: [0; 2],
    };
    let (outcome, _table, log) = duel_replay::record(d, &setup, [&mut *p0, &mut *p1], &mut printer)
        .map_err(|e| fail(e.to_string()))?;
    let mut out = printer.out;
    out.push_str("\nFinal scores (player 1, player 2)\n");
    out.push_str(&duel_result(d, &outcome));
    if let Some(path) = a.get("log") {
        std::fs::write(path, log.to_text())
            .map_err(|e| fail(format!("cannot write {path}: {e}")))?;
        out.push_str(&format!("replay log written to {path}\n"));
    }
    Ok(out)
}

fn duel_sim(a: &Args, d: &Duel) -> Result<String, Fail> {
    let (seed0, bots, wonders) = duel_opts(a, d)?;
    let games: u64 = a
        .number("games")?
        .ok_or_else(|| usage("--games is required"))?;
    if games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    // Victories per type, and wins per seat.
    let mut by_type: BTreeMap<&str, u64> = BTreeMap::new();
    let mut seat_wins = [0u64; 2];
    let mut shared = 0u64;
    let mut total = [0i64; 2];
    let mut progress = Progress::new(games);
    let start = Instant::now();
    for g in 0..games {
        let seed = sevenw_runtime::rng::derive(seed0, g);
        let setup = DuelSetup {
            seed,
            wonders: wonders.clone(),
        };
        let mut game = DuelGame::new(d, &setup).map_err(|e| fail(e.to_string()))?;
        let mut p0 = bots[0].make_duel(seed, 0);
        let mut p1 = bots[1].make_duel(seed, 1);
        let out = game.play(&mut [&mut *p0, &mut *p1], &mut NoDuelObserver);
        *by_type.entry(out.victory.name()).or_default() += 1;
        match out.winners[..] {
            [w] => seat_wins[w] += 1,
            _ => shared += 1,
        }
        total[0] += i64::from(out.scores[0].total);
        total[1] += i64::from(out.scores[1].total);
        progress.update(g + 1);
    }
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    let rate = games as f64 / secs.max(1e-9);
    let share = |n: u64| n as f64 / games as f64;
    let names = ["civilian", "military", "science"];
    if a.has("json") {
        let mut victory = serde_json::Map::new();
        for n in names {
            let c = by_type.get(n).copied().unwrap_or(0);
            victory.insert(n.to_string(), serde_json::json!(round(share(c), 4)));
        }
        let v = serde_json::json!({
            "game": d.info.name,
            "players": 2,
            "games": games,
            "seed": seed0,
            "bots": [bots[0].name(), bots[1].name()],
            "seconds": round(secs, 4),
            "games_per_sec": round(rate, 1),
            "victory": victory,
            "win_rate": [round(share(seat_wins[0]), 4), round(share(seat_wins[1]), 4)],
            "shared": round(share(shared), 4),
            "average_total": [round(total[0] as f64 / games as f64, 3), round(total[1] as f64 / games as f64, 3)],
        });
        return Ok(format!(
            "{}\n",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        ));
    }
    let mut out = format!(
        "{games} games of {}, seed {seed0}, bots {},{}\n{secs:.2} s, {rate:.1} games/s\n\nvictory type\n",
        d.info.title,
        bots[0].name(),
        bots[1].name()
    );
    for n in names {
        let c = by_type.get(n).copied().unwrap_or(0);
        out.push_str(&format!("  {n:<10} {:5.1}%  ({c})\n", share(c) * 100.0));
    }
    out.push_str(&format!(
        "\nwins: player 1 {:.1}%, player 2 {:.1}%, shared {:.1}%\n",
        share(seat_wins[0]) * 100.0,
        share(seat_wins[1]) * 100.0,
        share(shared) * 100.0
    ));
    out.push_str(&format!(
        "average total: player 1 {:.2}, player 2 {:.2}\n",
        total[0] as f64 / games as f64,
        total[1] as f64 / games as f64
    ));
    Ok(out)
}

fn round(v: f64, digits: i32) -> f64 {
    let m = 10f64.powi(digits);
    (v * m).round() / m
}

fn read_sheet(path: &str) -> Result<sheet::Sheet, Fail> {
    let text =
        std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read {path}: {e}")))?;
    sheet::load(&text).map_err(|e| {
        if e.line > 0 {
            fail(format!("{path}:{e}"))
        } else {
            fail(format!("{path}: {e}"))
        }
    })
}

/// The Duel sheet at `path`, if it is one.
fn read_duel_sheet(path: &str) -> Result<Option<duel_sheet::DuelSheet>, Fail> {
    let text =
        std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read {path}: {e}")))?;
    let Some(info) = duel_sheet::duel_game(&text, sevenw_runtime::cards::GAMES) else {
        return Ok(None);
    };
    duel_sheet::load(&text, info).map(Some).map_err(|e| {
        if e.line > 0 {
            fail(format!("{path}:{e}"))
        } else {
            fail(format!("{path}: {e}"))
        }
    })
}

fn score(rest: &[String]) -> Result<String, Fail> {
    let a = parse(rest, &[], &["json"])?;
    let [path] = a.positional.as_slice() else {
        return Err(usage("`sevenw score` takes one sheet file"));
    };
    if let Some(d) = read_duel_sheet(path)? {
        let r = d.score();
        return Ok(if a.has("json") {
            format!("{}\n", r.to_json())
        } else {
            r.to_text()
        });
    }
    let s = read_sheet(path)?;
    let report = s.score();
    Ok(if a.has("json") {
        format!("{}\n", report.to_json())
    } else {
        report.to_text()
    })
}

fn price(rest: &[String]) -> Result<String, Fail> {
    let a = parse(rest, &["player", "card", "wonder"], &["stage", "json"])?;
    let [path] = a.positional.as_slice() else {
        return Err(usage("`sevenw price` takes one sheet file"));
    };
    let player = a
        .get("player")
        .ok_or_else(|| usage("--player is required"))?;
    let target = match (a.get("card"), a.get("wonder"), a.has("stage")) {
        (Some(c), None, false) => Target::Card(c.to_string()),
        (None, _, true) | (None, Some(_), false) => Target::Stage,
        _ => {
            return Err(usage(
                "give exactly one of --card CARD, --stage and (Duel) --wonder WONDER",
            ));
        }
    };
    if let Some(d) = read_duel_sheet(path)? {
        if a.get("wonder").is_none() && target == Target::Stage {
            return Err(usage("Duel wonders have no stages: use --wonder WONDER"));
        }
        let p = d
            .price(player, &target, a.get("wonder"))
            .map_err(|e| fail(e.to_string()))?;
        return Ok(if a.has("json") {
            format!("{}\n", p.to_json())
        } else {
            format!("{}\n", p.reason)
        });
    }
    if a.get("wonder").is_some() {
        return Err(usage("--wonder is for Duel sheets; use --stage"));
    }
    let s = read_sheet(path)?;
    let p = s.price(player, &target).map_err(|e| fail(e.to_string()))?;
    Ok(if a.has("json") {
        format!("{}\n", p.to_json())
    } else {
        format!("{}\n", p.reason)
    })
}
