//! `sim`: many games, their statistics in text or JSON.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use sevenw_runtime::game::SetupError;
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::sim::{SimError, SimOptions, SimReport, Stats};
use sevenw_runtime::text::plural;

use crate::args::SimArgs;
use crate::setup::setup_fail;
use crate::{Fail, input};

/// How often the progress bar is drawn again, a game ended or not: its
/// spinner and elapsed time move while even one slow game is played.
pub const TICK: Duration = Duration::from_millis(250);

/// The progress bar's line: `{rate}` and `{left}` are ours.
pub const TEMPLATE: &str = "{spinner} [{bar:30}] {human_pos}/{human_len} games, {rate} games/s, {elapsed} so far, {left}{msg}";

/// The time left to play `total` games, `done` of them played in
/// `elapsed`: the mean time per game so far, for each game to come (on
/// every thread, as the games were). `None` before a game has ended.
pub fn time_left(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    if done == 0 {
        return None;
    }
    let per_game = elapsed.as_secs_f64() / done as f64;
    let left = per_game * total.saturating_sub(done) as f64;
    Some(Duration::from_secs_f64(left.min(1e9)))
}

/// [`time_left`] in words.
pub fn left_words(left: Option<Duration>) -> String {
    match left {
        Some(d) => format!("{} left", indicatif::HumanDuration(d)),
        None => "time left: estimating (no game ended yet)".to_string(),
    }
}

/// No progress bar at all: set by [`crate::api`], whose caller is a
/// program, not a person at a terminal.
pub(crate) static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A progress bar on standard error, when it is a terminal: drawn every
/// [`TICK`], with the games played, the pace and the time left.
pub(crate) fn progress_bar(games: u64) -> indicatif::ProgressBar {
    if QUIET.load(std::sync::atomic::Ordering::Relaxed) || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(games);
    if let Ok(style) = indicatif::ProgressStyle::with_template(TEMPLATE) {
        let style = style
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&crate::io::rate(state.per_sec()));
                },
            )
            .with_key(
                "left",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let left = time_left(state.pos(), state.len().unwrap_or(0), state.elapsed());
                    let _ = w.write_str(&left_words(left));
                },
            );
        bar.set_style(style.progress_chars("#>-"));
    }
    bar.enable_steady_tick(TICK);
    bar
}

/// The threads asked for, or one per core.
pub(crate) fn threads(asked: Option<u64>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    )
}

pub(crate) fn sim(lib: &Library<'_>, a: SimArgs) -> Result<String, Fail> {
    let (g, setup, bots) = crate::setup::game_setup("sim", lib, &a.game)?;
    let opts = SimOptions {
        setup,
        bots,
        games: a.games,
        threads: threads(a.threads),
        check: a.check,
    };
    let bar = progress_bar(a.games);
    let (stats, secs) = play(&*g, &opts, &bar)?;
    bar.finish_and_clear();
    if let Some(path) = &a.sheets {
        write_sheets(&*g, &opts, path)?;
    }
    Ok(if a.json {
        SimReport::new(g.info(), g.victories(), &opts, &stats, secs).to_json()
    } else {
        sim_text(&*g, &opts, &stats, secs)
    })
}

/// Plays the games `opts` asks for, counting them on `bar`: their sums,
/// and the seconds they took; a violation (`check`) in the command line's
/// words.
pub(crate) fn play(
    g: &dyn AnyGame,
    opts: &SimOptions,
    bar: &indicatif::ProgressBar,
) -> Result<(Stats, f64), Fail> {
    let start = Instant::now();
    let stats = g.runs().sim(opts, &|n| bar.inc(n)).map_err(|e| match e {
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
    Ok((stats, start.elapsed().as_secs_f64()))
}

/// `--sheets FILE`: the final position of every game played, as a sheet
/// with its score, one JSON line per game.
fn write_sheets(g: &dyn AnyGame, opts: &SimOptions, path: &std::path::Path) -> Result<(), Fail> {
    let cap = g
        .need_sheets("`--sheets`")
        .map_err(|m| setup_fail("sim", SetupError::Game(m)))?;
    let sheets = cap.final_sheets(opts).map_err(|e| match e {
        SimError::Setup(e) => setup_fail("sim", e),
        e => input(e.to_string()),
    })?;
    let mut out = String::new();
    for (i, sheet) in sheets.iter().enumerate() {
        let report = cap
            .score(sheet)
            .map_err(|e| input(format!("game {i}: its final sheet is refused: {e}")))?;
        let score: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap_or_default();
        let line = serde_json::json!({
            "game": i,
            "seed": sevenw_runtime::sim::game_seed(opts.setup.seed, i as u64),
            "sheet": sheet,
            "score": score,
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    std::fs::write(path, out).map_err(|e| input(format!("cannot write {}: {e}", path.display())))
}

pub(crate) fn sim_text(g: &dyn AnyGame, o: &SimOptions, s: &Stats, secs: f64) -> String {
    let info = g.info();
    let games = s.games.max(1) as f64;
    let pct = |n: u64| n as f64 * 100.0 / games;
    let bots: Vec<String> = o.bots.iter().map(|b| b.to_string()).collect();
    let rate = s.games as f64 / secs.max(1e-9);
    let per_decision = secs * 1e9 / (s.decisions.max(1) as f64) * o.threads.max(1) as f64;
    let mut out = format!(
        "{} of {}, {}, seed {}, bots {}, {}\n{secs:.2} s, {} games/s ({} per decision per thread)\n",
        plural(s.games, "game"),
        info.title,
        plural(s.seats() as i64, "player"),
        o.setup.seed,
        bots.join(","),
        plural(o.threads as i64, "thread"),
        crate::io::rate(rate),
        crate::io::duration(per_decision),
    );
    if o.check {
        out.push_str(&format!(
            "checked: every invariant after each of {} decisions, each game's sheet and replay: no violation\n",
            s.decisions
        ));
    }
    out.push_str("\naverage score per player\n");
    for (c, v) in s.averages(info) {
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
                "  {:<22} {:5.1}%  of {}\n",
                k.label(),
                won as f64 * 100.0 / played.max(1) as f64,
                plural(played, "game")
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_the_pace_so_far_for_the_games_to_come() {
        // No game ended: no estimate, said so.
        assert_eq!(time_left(0, 40, Duration::from_secs(30)), None);
        assert!(left_words(None).contains("estimating"));
        // 10 of 40 games in 30 s: 90 s for the 30 to come.
        assert_eq!(
            time_left(10, 40, Duration::from_secs(30)),
            Some(Duration::from_secs(90))
        );
        assert_eq!(
            time_left(40, 40, Duration::from_secs(30)),
            Some(Duration::ZERO)
        );
        // More games than the length (a batch grown): nothing left.
        assert_eq!(
            time_left(50, 40, Duration::from_secs(1)),
            Some(Duration::ZERO)
        );
        assert!(left_words(Some(Duration::from_secs(90))).ends_with(" left"));
    }

    #[test]
    fn the_bar_is_drawn_at_least_once_a_second_with_the_time_left() {
        // Drawn on a steady tick, not only when a game ends, so that the
        // spinner and the elapsed time move during one slow game.
        assert!(TICK <= Duration::from_secs(1));
        for key in ["{spinner}", "{elapsed}", "{left}", "{rate}", "{human_pos}"] {
            assert!(TEMPLATE.contains(key), "{key}");
        }
        assert!(indicatif::ProgressStyle::with_template(TEMPLATE).is_ok());
    }
}
