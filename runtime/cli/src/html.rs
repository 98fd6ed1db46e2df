//! The report as one self-contained HTML page: markup by maud, charts as
//! inline SVG drawn by plotters (no script, no font or file fetched: it
//! opens offline and prints).
//!
//! Every number shown comes from the [`Report`] that `report.json` holds,
//! formatted by [`pct`] and [`num`] ([`pct_or`], [`num_or`]: "no data"
//! for a card never built); the summary of the findings ([`summary`])
//! opens the page, as it ends the command's output; table rows carry
//! `data-kind` and `data-name` so that a test can find them.

use maud::{DOCTYPE, Markup, PreEscaped, html};
use plotters::prelude::*;

use sevenw_runtime::balance::{
    CHANGE_Z, CardStat, Change, MIN_SAMPLE, Rate, Report, Stopped, age_name,
};

/// A share as a percentage with one decimal.
pub fn pct(v: f64) -> String {
    format!("{:.1}%", v * 100.0)
}

/// A number with two decimals.
pub fn num(v: f64) -> String {
    format!("{v:.2}")
}

/// What the page shows for a rate of no data (a card never built).
pub const NO_DATA: &str = "no data";

/// A share that may be missing, as a percentage or [`NO_DATA`].
pub fn pct_or(v: Option<f64>) -> String {
    v.map_or_else(|| NO_DATA.to_string(), pct)
}

/// A number that may be missing, or [`NO_DATA`].
pub fn num_or(v: Option<f64>) -> String {
    v.map_or_else(|| NO_DATA.to_string(), num)
}

/// A rate's win rate, or [`NO_DATA`] for a rate of no seat.
pub fn rate_or(x: &Rate) -> String {
    pct_or((x.n > 0).then_some(x.win_rate))
}

/// A rate's interval (`40.4%–59.6%`), or [`NO_DATA`] for a rate of no
/// seat.
pub fn interval_or(x: &Rate) -> String {
    if x.n == 0 {
        NO_DATA.to_string()
    } else {
        format!("{}–{}", pct(x.low), pct(x.high))
    }
}

/// A metric of a change in words (`win_rate_built`: "win rate when built").
pub fn metric_words(metric: &str) -> String {
    match metric {
        "win_rate" => "win rate".to_string(),
        "built_rate" => "built rate".to_string(),
        "win_rate_built" => "win rate when built".to_string(),
        m => m.replace('_', " "),
    }
}

/// The cards ranked as findings: built in [`MIN_SAMPLE`] seat-games or
/// more, by lift, highest first.
pub fn ranked(r: &Report) -> Vec<&CardStat> {
    let mut v: Vec<&CardStat> = r.cards.iter().filter(|c| !c.few).collect();
    v.sort_by(|a, b| {
        b.lift
            .unwrap_or(0.0)
            .total_cmp(&a.lift.unwrap_or(0.0))
            .then(a.name.cmp(&b.name))
    });
    v
}

/// A count with thousands separated (`12,345`).
pub fn count(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A precision in points (`1`, `0.5`).
pub fn points(p: f64) -> String {
    let s = format!("{p:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("±{s} point{}", if s == "1" { "" } else { "s" })
}

/// What the games column says of a rate: the games that would bring its
/// interval within the precision, "reached" when they are played, "—" for
/// a rate of too few games.
pub fn games_for(r: &Report, rate: &Rate) -> String {
    match rate.games_needed {
        _ if rate.few => "—".to_string(),
        Some(g) if g <= r.games => "reached".to_string(),
        Some(g) => count(g),
        None => "—".to_string(),
    }
}

/// A thing dealt apart from played: its name, the rate of the seats dealt
/// it, the seats that played it and their win rate.
type DealtRow<'r> = (String, &'r Rate, u64, Option<f64>);

/// The rows of a kind dealt apart from played: its labels, or for `card`
/// the cards dealt to keep.
fn dealt_rows<'r>(r: &'r Report, kind: &str) -> Vec<DealtRow<'r>> {
    if kind == "card" {
        return r
            .cards
            .iter()
            .filter_map(|c| {
                let d = c.dealt.as_ref()?;
                Some((r.card_label(&c.name, c.age), d, c.built, c.win_rate_built))
            })
            .collect();
    }
    r.labels
        .iter()
        .filter(|l| l.kind == kind)
        .filter_map(|l| {
            let d = l.dealt.as_ref()?;
            Some((
                l.name.clone(),
                d,
                l.rate.n,
                (l.rate.n > 0).then_some(l.rate.win_rate),
            ))
        })
        .collect()
}

/// Why a run of `--until-precise` stopped, in a sentence.
pub fn stop_sentence(r: &Report) -> Option<String> {
    let s = r.stop.as_ref()?;
    let p = points(s.precision);
    let games = count(r.games);
    let rest = match s.games_needed {
        Some(g) if g > r.games => format!(
            "; {} of {} judged intervals are still wider, which about {} games in all would narrow",
            s.wide,
            s.judged,
            count(g)
        ),
        _ => format!(
            "; {} of {} judged intervals are still wider",
            s.wide, s.judged
        ),
    };
    Some(match s.reason {
        Stopped::Precise => format!(
            "Played {games} games, in {} batches, until every judged interval ({}: every win rate of {MIN_SAMPLE} seats or more) was within {p}.",
            s.batches, s.judged
        ),
        Stopped::MaxGames => format!(
            "Stopped at the budget of {} games before every judged interval was within {p}{rest}.",
            count(s.max_games)
        ),
        Stopped::MaxTime => format!(
            "Stopped at the time budget ({} s) after {games} games, before every judged interval was within {p}{rest}.",
            num(s.max_seconds.unwrap_or(0.0))
        ),
    })
}

/// The findings in sentences: on standard output and at the top of the
/// page. What changed since the baseline first, then why the run stopped,
/// the rates that leave out the even rate with the games that would make
/// each precise, what differs between dealt and played, and the cards.
pub fn summary(r: &Report) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(b) = &r.baseline {
        let flagged: Vec<&Change> = b.changes.iter().filter(|c| c.flagged).collect();
        let mut line = format!(
            "{} changes beyond the noise since the baseline ({} games)",
            flagged.len(),
            count(b.games)
        );
        if !flagged.is_empty() {
            let top: Vec<String> = flagged
                .iter()
                .take(3)
                .map(|c| {
                    format!(
                        "{} {} {} {} → {}",
                        c.kind,
                        r.change_label(c),
                        metric_words(&c.metric),
                        pct(c.before),
                        pct(c.after)
                    )
                })
                .collect();
            line.push_str(&format!(", the largest: {}", top.join("; ")));
        }
        line.push('.');
        out.push(line);
    }
    out.extend(stop_sentence(r));
    let rates = r.rates();
    let flagged: Vec<&(String, &Rate)> = rates.iter().filter(|(_, x)| x.flagged).collect();
    let few = rates.iter().filter(|(_, x)| x.few).count();
    let mut line = format!(
        "{} of {} win rates leave out the even rate {}",
        flagged.len(),
        rates.len(),
        pct(r.even)
    );
    if !flagged.is_empty() {
        let named: Vec<String> = flagged
            .iter()
            .map(|(name, x)| format!("{name} ({})", pct(x.win_rate)))
            .collect();
        line.push_str(&format!(": {}", named.join(", ")));
    }
    if few > 0 {
        line.push_str(&format!(
            " ({few} of too few games, under {MIN_SAMPLE} seats, not judged)"
        ));
    }
    line.push('.');
    out.push(line);
    let p = points(r.precision);
    let wide: Vec<String> = flagged
        .iter()
        .filter(|(_, x)| x.wider_than(r.precision))
        .filter_map(|(name, x)| Some(format!("{name} {}", count(x.games_needed?))))
        .collect();
    if !wide.is_empty() {
        out.push(format!(
            "Games in all that would bring each flagged interval within {p} (now {}): {}.",
            count(r.games),
            wide.join(", ")
        ));
    }
    for d in &r.dealt_kinds {
        let rows = dealt_rows(r, &d.kind);
        let dealt: u64 = rows.iter().map(|x| x.1.n).sum();
        let played: u64 = rows.iter().map(|x| x.2).sum();
        let mut line = format!(
            "A {} is {}, then {} or not: of {} {}, {} were {}",
            d.kind,
            d.dealt,
            d.played,
            count(dealt),
            d.dealt,
            pct(if dealt > 0 {
                played as f64 / dealt as f64
            } else {
                0.0
            }),
            d.played
        );
        // Of the rows of enough games both ways, the widest gap.
        let gap = |x: &&DealtRow<'_>| x.3.map_or(0.0, |p| (p - x.1.win_rate).abs());
        if let Some(x) = rows
            .iter()
            .filter(|x| !x.1.few && x.2 >= MIN_SAMPLE)
            .max_by(|a, b| gap(a).total_cmp(&gap(b)))
        {
            line.push_str(&format!(
                "; the win rates when {} and when {} differ most for {} ({} {}, {} {})",
                d.dealt,
                d.played,
                x.0,
                pct(x.1.win_rate),
                d.dealt,
                pct_or(x.3),
                d.played
            ));
        }
        line.push('.');
        out.push(line);
    }
    let ranked = ranked(r);
    let lift = |c: &&CardStat| format!("{} {}", r.card_label(&c.name, c.age), pct_or(c.lift));
    if ranked.is_empty() {
        out.push(format!(
            "No card was built in {MIN_SAMPLE} seat-games or more: no card is ranked."
        ));
    } else {
        let top: Vec<String> = ranked.iter().take(3).map(lift).collect();
        let bottom: Vec<String> = ranked.iter().rev().take(3).map(lift).collect();
        out.push(format!(
            "Cards of the highest lift: {}; of the lowest lift: {}.",
            top.join(", "),
            bottom.join(", ")
        ));
    }
    let never = r.cards.iter().filter(|c| c.never_built).count();
    let few = r.cards.iter().filter(|c| c.few && !c.never_built).count();
    out.push(format!(
        "{} of {} cards ranked; {few} built in fewer than {MIN_SAMPLE} seat-games (too few games), {never} never built.",
        ranked.len(),
        r.cards.len()
    ));
    out
}

const CSS: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
th,td{padding:.2em .6em;text-align:right;border-bottom:1px solid #eee}td.interval,td.dealt-interval{white-space:nowrap}
th:first-child,td:first-child{text-align:left}
tr.flag td{background:#fff3cd}tr.few td,tr.never td{color:#888}
#summary{background:#f4f6fa;border:1px solid #dde;padding:.6em 1.2em .6em 2em}
.meta{color:#555}.note{color:#555;font-size:.9em}
figure{margin:1em 0}svg{max-width:100%;height:auto}
@media print{body{margin:0;max-width:none}h2{page-break-after:avoid}figure,table{page-break-inside:avoid}}
";

/// Colours of the chart series (categories).
const PALETTE: [RGBColor; 12] = [
    RGBColor(200, 50, 50),
    RGBColor(230, 170, 30),
    RGBColor(150, 110, 60),
    RGBColor(40, 100, 200),
    RGBColor(240, 200, 60),
    RGBColor(120, 60, 160),
    RGBColor(40, 160, 80),
    RGBColor(90, 90, 90),
    RGBColor(0, 170, 170),
    RGBColor(220, 100, 170),
    RGBColor(130, 130, 0),
    RGBColor(60, 60, 140),
];

/// A row of a bar chart: its name, value and interval.
struct Bar {
    name: String,
    value: f64,
    interval: Option<(f64, f64)>,
    /// Drawn pale: the rate of those dealt it, beside that of those who
    /// played it.
    pale: bool,
}

/// Horizontal bars (with their intervals and a line at `even`), as SVG;
/// values, intervals, range and `even` are shares, drawn in % on an axis
/// named `x_name`, rows named `y_name`.
fn bars(
    title: &str,
    rows: &[Bar],
    range: (f64, f64),
    even: Option<f64>,
    (x_name, y_name): (&str, &str),
) -> String {
    let rows: Vec<Bar> = rows
        .iter()
        .map(|b| Bar {
            name: b.name.clone(),
            value: b.value * 100.0,
            interval: b.interval.map(|(l, h)| (l * 100.0, h * 100.0)),
            pale: b.pale,
        })
        .collect();
    let range = (range.0 * 100.0, range.1 * 100.0);
    let even = even.map(|e| e * 100.0);
    let mut svg = String::new();
    let h = 76 + 22 * rows.len().max(1) as u32;
    // Segments count from the bottom: the first row is drawn last.
    let rows: Vec<&Bar> = rows.iter().rev().collect();
    {
        let root = SVGBackend::with_string(&mut svg, (860, h)).into_drawing_area();
        let _ = draw_bars(&root, title, &rows, range, even, (x_name, y_name));
        let _ = root.present();
    }
    svg
}

fn draw_bars(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    rows: &[&Bar],
    range: (f64, f64),
    even: Option<f64>,
    (x_name, y_name): (&str, &str),
) -> Option<()> {
    root.fill(&WHITE).ok()?;
    let k = rows.len().max(1);
    let names: Vec<String> = rows.iter().map(|r| r.name.clone()).collect();
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(220)
        .build_cartesian_2d(range.0..range.1, (0..k).into_segmented())
        .ok()?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc(x_name)
        .y_desc(y_name)
        .x_label_formatter(&|v| format!("{v:.0}%"))
        .y_labels(k)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                names.get(*i).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        })
        .draw()
        .ok()?;
    let zero = 0f64.clamp(range.0, range.1);
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            let colour = match (r.value >= zero, r.pale) {
                (true, false) => RGBColor(70, 130, 180),
                (true, true) => RGBColor(160, 195, 225),
                (false, _) => RGBColor(200, 90, 70),
            };
            let mut bar = Rectangle::new(
                [
                    (zero, SegmentValue::Exact(i)),
                    (r.value, SegmentValue::Exact(i + 1)),
                ],
                colour.filled(),
            );
            bar.set_margin(3, 3, 0, 0);
            bar
        }))
        .ok()?;
    chart
        .draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
            r.interval.map(|(lo, hi)| {
                PathElement::new(
                    vec![
                        (lo, SegmentValue::CenterOf(i)),
                        (hi, SegmentValue::CenterOf(i)),
                    ],
                    BLACK.stroke_width(2),
                )
            })
        }))
        .ok()?;
    if let Some(e) = even {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(e, SegmentValue::Exact(0)), (e, SegmentValue::Last)],
                RED.stroke_width(1),
            )))
            .ok()?;
    }
    Some(())
}

/// Mean points per category per row, stacked (negative ones to the left).
fn stacked(title: &str, rows: &[(String, Vec<f64>)], series: &[String]) -> String {
    let mut svg = String::new();
    let h = 90 + 22 * rows.len().max(1) as u32;
    let rows: Vec<(String, Vec<f64>)> = rows.iter().rev().cloned().collect();
    {
        let root = SVGBackend::with_string(&mut svg, (860, h)).into_drawing_area();
        let _ = draw_stacked(&root, title, &rows, series);
        let _ = root.present();
    }
    svg
}

fn draw_stacked(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    rows: &[(String, Vec<f64>)],
    series: &[String],
) -> Option<()> {
    root.fill(&WHITE).ok()?;
    let k = rows.len().max(1);
    let pos = |v: &Vec<f64>| v.iter().filter(|&&x| x > 0.0).sum::<f64>();
    let neg = |v: &Vec<f64>| v.iter().filter(|&&x| x < 0.0).sum::<f64>();
    // Room on the right for the legend.
    let hi = rows.iter().map(|(_, v)| pos(v)).fold(1.0, f64::max) * 1.3;
    let lo = rows.iter().map(|(_, v)| neg(v)).fold(0.0, f64::min) * 1.05;
    let names: Vec<String> = rows.iter().map(|(n, _)| n.clone()).collect();
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(220)
        .build_cartesian_2d(lo..hi, (0..k).into_segmented())
        .ok()?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("mean points per seat")
        .y_desc("wonder")
        .y_labels(k)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                names.get(*i).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        })
        .draw()
        .ok()?;
    for (c, name) in series.iter().enumerate() {
        let colour = PALETTE[c % PALETTE.len()];
        let rects: Vec<Rectangle<(f64, SegmentValue<usize>)>> = rows
            .iter()
            .enumerate()
            .filter_map(|(i, (_, v))| {
                let x = v.get(c).copied().unwrap_or(0.0);
                if x == 0.0 {
                    return None;
                }
                // Where this category starts: after the earlier ones of its sign.
                let start: f64 = v[..c.min(v.len())]
                    .iter()
                    .filter(|&&y| (y > 0.0) == (x > 0.0))
                    .sum();
                let mut r = Rectangle::new(
                    [
                        (start, SegmentValue::Exact(i)),
                        (start + x, SegmentValue::Exact(i + 1)),
                    ],
                    colour.filled(),
                );
                r.set_margin(3, 3, 0, 0);
                Some(r)
            })
            .collect();
        chart
            .draw_series(rects)
            .ok()?
            .label(name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .ok()?;
    Some(())
}

/// A histogram of counts by value.
fn histogram(title: &str, counts: &[(i32, u64)], x_name: &str) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (860, 300)).into_drawing_area();
        let _ = draw_histogram(&root, title, counts, x_name);
        let _ = root.present();
    }
    svg
}

fn draw_histogram(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    counts: &[(i32, u64)],
    x_name: &str,
) -> Option<()> {
    root.fill(&WHITE).ok()?;
    let lo = counts.iter().map(|c| c.0).min().unwrap_or(0);
    let hi = counts.iter().map(|c| c.0).max().unwrap_or(1) + 1;
    let top = counts.iter().map(|c| c.1).max().unwrap_or(1);
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(lo..hi, 0..top + top / 10 + 1)
        .ok()?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(x_name)
        .y_desc("seats")
        .draw()
        .ok()?;
    chart
        .draw_series(
            counts.iter().map(|&(x, n)| {
                Rectangle::new([(x, 0), (x + 1, n)], RGBColor(70, 130, 180).filled())
            }),
        )
        .ok()?;
    Some(())
}

/// The page.
pub fn page(r: &Report) -> String {
    let even = r.even;
    let kinds: Vec<&str> = {
        let mut k: Vec<&str> = r.labels.iter().map(|l| l.kind.as_str()).collect();
        k.dedup();
        k
    };
    // A rate of no seat has no bar nor interval.
    let bar = |name: String, x: &Rate, pale: bool| Bar {
        name,
        value: x.win_rate,
        interval: (x.n > 0).then_some((x.low, x.high)),
        pale,
    };
    let label_chart = |kind: &str| {
        let words = r.dealt_words(kind);
        let mut rows: Vec<Bar> = Vec::new();
        for l in r.labels.iter().filter(|l| l.kind == kind) {
            match (words, &l.dealt) {
                (Some(w), Some(d)) => {
                    rows.push(bar(format!("{}, {}", l.name, w.dealt), d, true));
                    rows.push(bar(format!("{}, {}", l.name, w.played), &l.rate, false));
                }
                _ => rows.push(bar(l.name.clone(), &l.rate, false)),
            }
        }
        let title = match words {
            Some(w) => format!(
                "Win rate per {kind} when {} (pale) and when {} (Wilson 95%; red: even {})",
                w.dealt,
                w.played,
                pct(even)
            ),
            None => format!("Win rate per {kind} (Wilson 95%; red: even {})", pct(even)),
        };
        bars(
            &title,
            &rows,
            (0.0, 1.0),
            Some(even),
            ("win rate (%)", kind),
        )
    };
    let wonders: Vec<(String, Vec<f64>)> = r
        .labels
        .iter()
        .filter(|l| l.kind == "wonder")
        .map(|l| (l.name.clone(), l.points.clone()))
        .collect();
    let seat_rows: Vec<Bar> = r
        .seats
        .iter()
        .map(|s| Bar {
            name: format!("seat {}", s.seat),
            value: s.rate.win_rate,
            interval: Some((s.rate.low, s.rate.high)),
            pale: false,
        })
        .collect();
    // Only cards of enough games are ranked.
    let by_lift = ranked(r);
    let extremes: Vec<Bar> = by_lift
        .iter()
        .take(12)
        .chain(
            by_lift
                .iter()
                .skip(by_lift.len().saturating_sub(12).max(12)),
        )
        .map(|c| Bar {
            name: r.card_label(&c.name, c.age),
            value: c.lift.unwrap_or(0.0),
            interval: None,
            pale: false,
        })
        .collect();
    let lift_range = extremes
        .iter()
        .fold(0.05f64, |m, b| m.max(b.value.abs()))
        .min(1.0);
    let mut ages: Vec<u8> = r.cards.iter().map(|c| c.age).collect();
    ages.dedup();
    let age_name = |a: u8| {
        if a == 0 {
            "Cards of no Age".to_string()
        } else {
            age_name(a)
        }
    };
    let summary = summary(r);
    let lengths: Vec<(i32, u64)> = r.totals.clone();
    let markup: Markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "Balance report: " (r.title) }
                style { (PreEscaped(CSS)) }
            }
            body {
                h1 { "Balance report: " (r.title) }
                p.meta {
                    span #games { (r.games) } " games, "
                    span #players { (r.players) } " players, bots "
                    span #bots { (r.bots.join(",")) } ", seed "
                    span #seed { (r.seed) } "; "
                    (num(r.seconds)) " s (" (crate::io::rate(r.games_per_sec)) " games/s). Even win rate "
                    span #even { (pct(even)) } "."
                }
                ul #summary {
                    @for line in &summary { li { (line) } }
                }
                p.note {
                    "Win rates count a tie for each winner. Intervals are Wilson 95% score intervals; "
                    "highlighted rows are those whose interval leaves out the even rate. "
                    "The lift of a card is the win rate of the seats that built it less that of the seats that did not: "
                    "it says what goes with the card, which is not always what the card does. "
                    "A rate of fewer than " (MIN_SAMPLE) " seats (a card built in fewer than " (MIN_SAMPLE)
                    " seat-games) is marked too few games: it is never flagged nor ranked among the most and least effective cards. "
                    "Games for " (points(r.precision)) ": the games in all after which a rate's interval would be within "
                    (points(r.precision)) " (half its width), if its rate and how often it is played stay as they are "
                    "(the Wilson interval's width solved for the number of seats)."
                }
                @if let Some(b) = &r.baseline {
                    h2 #baseline { "Changes since the baseline" }
                    p.note {
                        "Compared with " code { (b.path) } " (" (b.games) " games). Flagged: at least "
                        (CHANGE_Z) " standard errors (two-proportion z-test)."
                    }
                    table #changes {
                        tr { th { "what" } th { "metric" } th { "before" } th { "after" } th { "change" } th { "z" } }
                        @for c in b.changes.iter().filter(|c| c.flagged).chain(b.changes.iter().filter(|c| !c.flagged).take(15)) {
                            tr class=(if c.flagged { "flag" } else { "" }) data-kind=(c.kind) data-name=(c.name) data-metric=(c.metric) {
                                td { (c.kind) ": " (r.change_label(c)) }
                                td { (metric_words(&c.metric)) }
                                td { (pct(c.before)) }
                                td { (pct(c.after)) }
                                td { (pct(c.change)) }
                                td { (num(c.z)) }
                            }
                        }
                    }
                }
                @for kind in &kinds {
                    @let words = r.dealt_words(kind);
                    h2 { "Win rate per " (kind) }
                    @if let Some(w) = words {
                        p.note {
                            "A " (kind) " is " (w.dealt) ", then " (w.played) " or not: the win rate of the seats that "
                            (w.dealt) " it and that of the seats that " (w.played) " it are told apart, each with its sample. "
                            "Mean totals and points are of the seats that " (w.played) " it."
                        }
                    }
                    figure { (PreEscaped(label_chart(kind))) }
                    table.labels {
                        tr {
                            th { (kind) }
                            @if let Some(w) = words {
                                th { (w.dealt) } th { "win rate when " (w.dealt) } th { "95% interval" }
                                th { (w.played) } th { "share " (w.played) }
                                th { "win rate when " (w.played) } th { "95% interval" }
                            } @else {
                                th { "n" } th { "win rate" } th { "95% interval" }
                            }
                            th { "mean total" }
                            th { "games for " (points(r.precision)) @if let Some(w) = words { ", " (w.dealt) " / " (w.played) } }
                            th { "sample" }
                        }
                        @for l in r.labels.iter().filter(|l| &l.kind == kind) {
                            @let dealt = l.dealt.as_ref().filter(|_| words.is_some());
                            @let flagged = l.rate.flagged || dealt.is_some_and(|d| d.flagged);
                            @let few = l.rate.few && dealt.is_none_or(|d| d.few);
                            tr class=(if flagged { "flag" } else if few { "few" } else { "" }) data-kind=(l.kind) data-name=(l.name) {
                                td { (l.name) }
                                @if let Some(d) = dealt {
                                    td.dealt-n { (d.n) }
                                    td.dealt-rate { (rate_or(d)) }
                                    td.dealt-interval { (interval_or(d)) }
                                }
                                td.n { (l.rate.n) }
                                @if dealt.is_some() {
                                    td.share { (pct_or(l.played_share)) }
                                }
                                td.rate { (rate_or(&l.rate)) }
                                td.interval { (interval_or(&l.rate)) }
                                td.total { @if l.rate.n == 0 { (NO_DATA) } @else { (num(l.mean_total)) } }
                                td.games {
                                    @if let Some(d) = dealt { (games_for(r, d)) " / " }
                                    (games_for(r, &l.rate))
                                }
                                td.sample {
                                    @if l.rate.n == 0 {
                                        "never " (words.map_or("played", |w| w.played.as_str()))
                                    } @else if l.rate.few { "too few games" }
                                }
                            }
                        }
                    }
                }
                @if !wonders.is_empty() {
                    h2 { "Points per category per wonder" }
                    figure { (PreEscaped(stacked("Mean points per category", &wonders, &r.categories))) }
                    table #points {
                        tr { th { "wonder" } @for c in &r.categories { th { (c) } } th { "total" } }
                        @for l in r.labels.iter().filter(|l| l.kind == "wonder") {
                            tr data-kind="points" data-name=(l.name) {
                                td { (l.name) }
                                @for p in &l.points { td { (num(*p)) } }
                                td { (num(l.mean_total)) }
                            }
                        }
                    }
                }
                h2 #cards { "Cards" }
                figure { (PreEscaped(bars(&format!("Lift of the most and least effective cards (built in {MIN_SAMPLE} seat-games or more)"), &extremes, (-lift_range, lift_range), None, ("lift (% points)", "card")))) }
                @for a in &ages {
                    @let kept = r.dealt_words("card").filter(|_| r.cards.iter().any(|c| c.age == *a && c.dealt.is_some()));
                    h3 { (age_name(*a)) }
                    @if let Some(w) = kept {
                        p.note {
                            "These cards are " (w.dealt) ", then " (w.played) " (built) or not: the win rate of the seats that "
                            (w.dealt) " a card and that of the seats that built it are told apart, each with its sample."
                        }
                    }
                    table.cards {
                        tr {
                            th { "card" } th { "colour" }
                            @if let Some(w) = kept {
                                th { (w.dealt) } th { "win rate when " (w.dealt) } th { "95% interval" } th { "share " (w.played) }
                            }
                            th { "built" } th { "built rate" } th { "win rate built" } th { "95% interval" } th { "not built" } th { "lift" } th { "total built" } th { "total not" } th { "sample" }
                        }
                        @for c in r.cards.iter().filter(|c| c.age == *a) {
                            @let dealt = c.dealt.as_ref().filter(|_| kept.is_some());
                            tr class=(if dealt.is_some_and(|d| d.flagged) { "flag" } else if c.never_built { "never" } else if c.few { "few" } else { "" }) data-kind="card" data-name=(c.name) data-age=(c.age) {
                                td { (r.card_label(&c.name, c.age)) }
                                td { (c.colour) }
                                @if kept.is_some() {
                                    @if let Some(d) = dealt {
                                        td.dealt-n { (d.n) }
                                        td.dealt-rate { (rate_or(d)) }
                                        td.dealt-interval { (interval_or(d)) }
                                        td.share { (pct_or(c.built_share)) }
                                    } @else {
                                        td {} td {} td {} td {}
                                    }
                                }
                                td.n { (c.built) }
                                td.built { (pct(c.built_rate)) }
                                td.rate { (pct_or(c.win_rate_built)) }
                                td.interval {
                                    @match (c.low, c.high) {
                                        (Some(l), Some(h)) => { (pct(l)) "–" (pct(h)) }
                                        _ => { (NO_DATA) }
                                    }
                                }
                                td.not { (pct(c.win_rate_not)) }
                                td.lift { (pct_or(c.lift)) }
                                td { (num_or(c.mean_total_built)) }
                                td { (num(c.mean_total_not)) }
                                td.sample {
                                    @if c.never_built { "never built" } @else if c.few { "too few games" } @else { "ranked" }
                                }
                            }
                        }
                    }
                }
                h2 #seats-heading { "Seats" }
                figure { (PreEscaped(bars("Win rate per seat (Wilson 95%)", &seat_rows, (0.0, 1.0), Some(even), ("win rate (%)", "seat")))) }
                table #seats {
                    tr { th { "seat" } th { "n" } th { "win rate" } th { "95% interval" } th { "mean total" } th { "games for " (points(r.precision)) } }
                    @for s in &r.seats {
                        tr class=(if s.rate.flagged { "flag" } else { "" }) data-kind="seat" data-name=(s.seat) {
                            td { "seat " (s.seat) }
                            td.n { (s.rate.n) }
                            td.rate { (pct(s.rate.win_rate)) }
                            td.interval { (pct(s.rate.low)) "–" (pct(s.rate.high)) }
                            td.total { (num(s.mean_total)) }
                            td.games { (games_for(r, &s.rate)) }
                        }
                    }
                }
                h2 { "How games end" }
                table #victories {
                    tr { th { "victory" } th { "games" } th { "share" } }
                    @for v in &r.victories {
                        tr data-kind="victory" data-name=(v.kind) { td { (v.kind) } td.n { (v.games) } td.rate { (pct(v.share)) } }
                    }
                }
                p #length {
                    "Game length: " (num(r.length.mean_decisions)) " decisions on average ("
                    (r.length.min_decisions) " to " (r.length.max_decisions) ")."
                }
                figure { (PreEscaped(histogram("Final totals of every seat", &lengths, "total"))) }
            }
        }
    };
    markup.into_string()
}
