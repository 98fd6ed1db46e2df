//! `balance`: many games, written as report.json and report.html.

use std::time::Instant;

use sevenw_runtime::balance::{Budget, Progress};
use sevenw_runtime::games::Library;
use sevenw_runtime::sim::{SimError, SimOptions};
use sevenw_runtime::text::{plural, shown};

use crate::args::BalanceArgs;
use crate::html;
use crate::setup::setup_fail;
use crate::sim::progress_bar;
use crate::{Fail, input};

/// The first batch of `--until-precise` when `--games` does not say.
const FIRST_BATCH: u64 = 256;

pub(crate) fn balance(lib: &Library<'_>, a: BalanceArgs) -> Result<String, Fail> {
    use sevenw_runtime::balance::Report;
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
            Some(old)
        }
        None => None,
    };
    let threads = crate::sim::threads(a.threads);
    let first = a.games.unwrap_or(FIRST_BATCH);
    let mut opts = SimOptions {
        setup,
        bots,
        games: first,
        threads,
        check: false,
    };
    let bar = progress_bar(first);
    let start = Instant::now();
    let fail = |e| match e {
        SimError::Setup(e) => setup_fail("balance", e),
        e => input(e.to_string()),
    };
    let (tally, stop) = match a.until_precise {
        Some(precision) => {
            let budget = Budget {
                precision,
                first,
                max_games: a.max_games,
                max_time: a.max_time,
            };
            let mut on_batch = |p: Progress| {
                bar.set_length(p.target);
                if let Some(w) = p.wide {
                    bar.set_message(format!(
                        "; {} wider than ±{precision} points",
                        plural(w, "interval")
                    ));
                }
            };
            let (t, stop) = g
                .runs()
                .balance_until(&opts, budget, &|n| bar.inc(n), &mut on_batch)
                .map_err(fail)?;
            (t, Some(stop))
        }
        None => (
            g.runs().balance(&opts, &|n| bar.inc(n)).map_err(fail)?,
            None,
        ),
    };
    bar.finish_and_clear();
    opts.games = tally.games;
    let secs = start.elapsed().as_secs_f64();
    let mut report = Report::new(g.info(), g.victories(), &opts, &tally, secs);
    if let Some(stop) = stop {
        report.set_precision(stop.precision);
        report.stop = Some(stop);
    }
    if let (Some(old), Some(p)) = (&baseline, &a.baseline) {
        report.compare(old, &p.display().to_string());
    }
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

/// `report.json`'s text.
pub(crate) fn report_json(report: &sevenw_runtime::balance::Report) -> Result<String, Fail> {
    let json = serde_json::to_string_pretty(report).map_err(|e| input(e.to_string()))?;
    Ok(json + "\n")
}

/// Writes `report.json` and `report.html` into `out` (made if need be);
/// their paths.
pub(crate) fn write(
    report: &sevenw_runtime::balance::Report,
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
