//! Choosing a game and its set-up from the command line; `play` and
//! `replay`.

use clap::error::ErrorKind;
use sevenw_host::GameInfo;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::engine::rng::derive;
use sevenw_runtime::game::{Setup, SetupError, Sides};
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::replay::Log;
use sevenw_runtime::sheet::wonder_named;
use sevenw_runtime::text::{plural, shown};

use crate::args::{GameArgs, PlayArgs, ReplayArgs, SidesArg};
use crate::io::{label, read_input};
use crate::{Fail, input, usage};

/// The game the command line asks for: `--game`, `--edition`, `--with`.
pub(crate) fn find(sub: &str, lib: &Library<'_>, a: &GameArgs) -> Result<&'static GameInfo, Fail> {
    let with: Vec<&str> = a.with.iter().map(String::as_str).collect();
    let game = match &a.game {
        Some(g) => g.as_str(),
        None => sevenw_runtime::extended_by(lib.games, &with)
            .map_err(|e| usage(sub, ErrorKind::MissingRequiredArgument, e.message))?,
    };
    sevenw_runtime::select(lib.games, game, a.edition, &with)
        .map_err(|e| usage(sub, ErrorKind::InvalidValue, format!("--{}: {e}", e.option)))
}

pub(crate) fn rules(lib: &Library<'_>, info: &'static GameInfo) -> Result<Box<dyn AnyGame>, Fail> {
    lib.rules(info).map_err(input)
}

pub(crate) fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    derive(t, u64::from(std::process::id()))
}

/// A set-up error in the command line's terms.
pub(crate) fn setup_fail(sub: &str, e: SetupError) -> Fail {
    match e {
        SetupError::Option { .. } => usage(sub, ErrorKind::InvalidValue, e),
        SetupError::Game(m) => input(m),
    }
}

/// A game read from the command line: its rules, its set-up and one bot
/// kind per seat.
type Chosen = (Box<dyn AnyGame>, Setup, Vec<BotKind>);

/// The game, its set-up and one bot kind per seat.
pub(crate) fn game_setup(sub: &str, lib: &Library<'_>, a: &GameArgs) -> Result<Chosen, Fail> {
    let info = find(sub, lib, a)?;
    let g = rules(lib, info)?;
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
                                sevenw_runtime::engine::vocab::wonder_name(info, w),
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
            SidesArg::Random => Sides::Random,
            SidesArg::A => Sides::A,
            SidesArg::B => Sides::B,
        },
        wonders,
        options: a.options.clone(),
    };
    g.check(&setup).map_err(|e| setup_fail(sub, e))?;
    let seats = a.players.unwrap_or(usize::from(info.min_players));
    let bots = match a.bots.len() {
        // A balance report is worth what its players are: the learned bot
        // where weights for the game are found.
        0 if sub == "balance" && g.check_learned(seats, &[BotKind::Learned]).is_ok() => {
            vec![BotKind::Learned; seats]
        }
        0 => vec![BotKind::Greedy; seats],
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
    g.check_bots(&bots).map_err(|e| setup_fail(sub, e))?;
    g.check_learned(seats, &bots)
        .map_err(|e| setup_fail(sub, e))?;
    Ok((g, setup, bots))
}

pub(crate) fn play(lib: &Library<'_>, a: PlayArgs) -> Result<String, Fail> {
    let (g, setup, bots) = game_setup("play", lib, &a.game)?;
    if !a.human.is_empty() {
        let seats = bots.len();
        let mut humans = Vec::new();
        for &h in &a.human {
            if h == 0 || h > seats {
                return Err(usage(
                    "play",
                    ErrorKind::InvalidValue,
                    format!("--human: seat {h} is not a seat of this game (1 to {seats})"),
                ));
            }
            if !humans.contains(&(h - 1)) {
                humans.push(h - 1);
            }
        }
        let stdin = std::io::stdin();
        let mut out = std::io::stdout();
        return crate::human::play(
            g.as_ref(),
            &setup,
            &bots,
            &humans,
            &a,
            &mut stdin.lock(),
            &mut out,
        );
    }
    let played = g.play(&setup, &bots).map_err(|e| setup_fail("play", e))?;
    let mut out = played.text;
    if let Some(path) = &a.log {
        std::fs::write(path, played.log.to_text())
            .map_err(|e| input(format!("cannot write {}: {e}", label(path))))?;
        out.push_str(&format!("replay log written to {}\n", label(path)));
    }
    Ok(out)
}

pub(crate) fn replay(lib: &Library<'_>, a: ReplayArgs) -> Result<String, Fail> {
    let path = &a.log;
    let text = read_input(path)?;
    // A mistake at a line of the log is shown with that line, as a
    // sheet's is; one of the log as a whole names the file.
    let fail = |e: sevenw_runtime::replay::ReplayError| {
        if e.line == 0 {
            return input(format!("{}: {e}", label(path)));
        }
        let mut found = sevenw_runtime::doc::nowhere(e.message.clone())
            .with_code(sevenw_runtime::doc::code::LOG);
        found.line = e.line as u64;
        found.column = 1;
        Fail::Rendered(crate::report::render(
            &label(path),
            &text,
            &found,
            crate::io::colour_on_stderr(),
        ))
    };
    let log = Log::parse(&text).map_err(fail)?;
    let info = log.select(lib.games).map_err(fail)?;
    let g = rules(lib, info)?;
    g.replay(&log).map_err(fail)
}
