//! `balance`: many games, written as report.json and report.html.

use std::time::Instant;

use sevenw_runtime::balance::{Budget, Progress, Report};
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::sim::{SimError, SimOptions};
use sevenw_runtime::text::{plural, shown};

use crate::args::BalanceArgs;
use crate::html;
use crate::setup::setup_fail;
use crate::sim::progress_bar;
use crate::{Fail, input};

/// The first batch of `--until-precise` when `--games` does not say.
const FIRST_BATCH: u64 = 256;

/// What a balance run plays: `sevenw balance`'s options, typed.
#[derive(Clone, Debug)]
pub struct BalanceOptions {
    /// The games: their set-up, bots and threads, and how many (with
    /// `until_precise`, the first batch). `check` is not read: a balance
    /// run checks no invariant.
    pub sim: SimOptions,
    /// `--until-precise`: batches until every judged interval is within
    /// the budget's precision, or its games or time run out (its `first`
    /// is the first batch).
    pub until_precise: Option<Budget>,
    /// `--baseline`: an earlier report to compare with, and the name it is
    /// shown by (the path it was read from).
    pub baseline: Option<(Report, String)>,
}

pub(crate) fn balance(lib: &Library<'_>, a: BalanceArgs) -> Result<String, Fail> {
    let (g, setup, bots) = crate::setup::game_setup("balance", lib, &a.game)?;
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
            Some((old, p.display().to_string()))
        }
        None => None,
    };
    let first = a.games.unwrap_or(FIRST_BATCH);
    let opts = BalanceOptions {
        sim: SimOptions {
            setup,
            bots,
            games: first,
            threads: crate::sim::threads(a.threads),
            check: false,
        },
        until_precise: a.until_precise.map(|precision| Budget {
            precision,
            first,
            max_games: a.max_games,
            max_time: a.max_time,
        }),
        baseline,
    };
    let bar = progress_bar(first);
    let (report, secs) = play(&*g, &opts, &bar)?;
    bar.finish_and_clear();
    let (json_path, html_path) = write(&report, &a.out)?;
    let mut out = format!(
        "{} games of {}, {} players, bots {}: {:.2} s, {} games/s\n",
        report.games,
        report.title,
        report.players,
        report.bots.join(","),
        secs,
        crate::io::rate(report.games_per_sec)
    );
    for line in html::summary(&report) {
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(b) = &report.baseline {
        for c in b.changes.iter().filter(|c| c.flagged) {
            out.push_str(&format!(
                "  {} {} {}: {:.1}% -> {:.1}% (z {:.1})\n",
                c.kind,
                shown(&report.change_label(c)),
                html::metric_words(&c.metric),
                c.before * 100.0,
                c.after * 100.0,
                c.z
            ));
        }
    }
    out.push_str(&format!(
        "wrote {} and {}\n",
        json_path.display(),
        html_path.display()
    ));
    Ok(out)
}

/// Plays the balance run `opts` of `g`, counting its games on `bar`: its
/// report, compared with the baseline if there is one, and the seconds
/// its games took.
pub(crate) fn play(
    g: &dyn AnyGame,
    opts: &BalanceOptions,
    bar: &indicatif::ProgressBar,
) -> Result<(Report, f64), Fail> {
    let start = Instant::now();
    let fail = |e| match e {
        SimError::Setup(e) => setup_fail("balance", e),
        e => input(e.to_string()),
    };
    let mut sim = SimOptions {
        check: false,
        ..opts.sim.clone()
    };
    let (tally, stop) = match opts.until_precise {
        Some(budget) => {
            let mut on_batch = |p: Progress| {
                bar.set_length(p.target);
                if let Some(w) = p.wide {
                    bar.set_message(format!(
                        "; {} wider than ±{} points",
                        plural(w, "interval"),
                        budget.precision
                    ));
                }
            };
            let (t, stop) = g
                .runs()
                .balance_until(&sim, budget, &|n| bar.inc(n), &mut on_batch)
                .map_err(fail)?;
            (t, Some(stop))
        }
        None => (g.runs().balance(&sim, &|n| bar.inc(n)).map_err(fail)?, None),
    };
    sim.games = tally.games;
    let secs = start.elapsed().as_secs_f64();
    let mut report = Report::new(g.info(), g.victories(), &sim, &tally, secs);
    if let Some(stop) = stop {
        report.set_precision(stop.precision);
        report.stop = Some(stop);
    }
    if let Some((old, name)) = &opts.baseline {
        report.compare(old, name);
    }
    Ok((report, secs))
}

/// `report.json`'s text.
pub(crate) fn report_json(report: &Report) -> Result<String, Fail> {
    let json = serde_json::to_string_pretty(report).map_err(|e| input(e.to_string()))?;
    Ok(json + "\n")
}

/// Writes `report.json` and `report.html` into `out` (made if need be);
/// their paths.
pub(crate) fn write(
    report: &Report,
    out: &std::path::Path,
) -> Result<(std::path::PathBuf, std::path::PathBuf), Fail> {
    std::fs::create_dir_all(out).map_err(|e| input(format!("{}: {e}", out.display())))?;
    let json_path = out.join("report.json");
    let html_path = out.join("report.html");
    std::fs::write(&json_path, report_json(report)?)
        .map_err(|e| input(format!("{}: {e}", json_path.display())))?;
    std::fs::write(&html_path, html::page(report))
        .map_err(|e| input(format!("{}: {e}", html_path.display())))?;
    Ok((json_path, html_path))
}
