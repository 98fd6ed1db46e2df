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

use sevenw_runtime::balance::{CHANGE_Z, CardStat, MIN_SAMPLE, Report, age_name};

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

/// The findings in a few lines: on standard output and at the top of the
/// page.
pub fn summary(r: &Report) -> Vec<String> {
    let mut out = Vec::new();
    let flagged: Vec<String> = r
        .labels
        .iter()
        .filter(|l| l.rate.flagged)
        .map(|l| format!("{} {}", l.kind, l.name))
        .collect();
    let few = r.labels.iter().filter(|l| l.rate.few).count();
    let mut line = format!(
        "{} of {} win rates leave out the even rate {}",
        flagged.len(),
        r.labels.len(),
        pct(r.even)
    );
    if !flagged.is_empty() {
        line.push_str(&format!(": {}", flagged.join(", ")));
    }
    if few > 0 {
        line.push_str(&format!(
            " ({few} of too few games, under {MIN_SAMPLE} seats, not judged)"
        ));
    }
    out.push(line);
    let ranked = ranked(r);
    let lift = |c: &&CardStat| format!("{} {}", r.card_label(&c.name, c.age), pct_or(c.lift));
    if ranked.is_empty() {
        out.push(format!(
            "no card was built in {MIN_SAMPLE} seat-games or more: no card is ranked"
        ));
    } else {
        let top: Vec<String> = ranked.iter().take(3).map(lift).collect();
        let bottom: Vec<String> = ranked.iter().rev().take(3).map(lift).collect();
        out.push(format!("highest lift: {}", top.join(", ")));
        out.push(format!("lowest lift: {}", bottom.join(", ")));
    }
    let never = r.cards.iter().filter(|c| c.never_built).count();
    let few = r.cards.iter().filter(|c| c.few && !c.never_built).count();
    out.push(format!(
        "{} of {} cards ranked; {few} built in fewer than {MIN_SAMPLE} seat-games (too few games), {never} never built",
        ranked.len(),
        r.cards.len()
    ));
    if let Some(b) = &r.baseline {
        let n = b.changes.iter().filter(|c| c.flagged).count();
        out.push(format!("{n} changes beyond the noise since the baseline"));
    }
    out
}

const CSS: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
th,td{padding:.2em .6em;text-align:right;border-bottom:1px solid #eee}
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
            let colour = if r.value >= zero {
                RGBColor(70, 130, 180)
            } else {
                RGBColor(200, 90, 70)
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
    let label_chart = |kind: &str| {
        let rows: Vec<Bar> = r
            .labels
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| Bar {
                name: l.name.clone(),
                value: l.rate.win_rate,
                interval: Some((l.rate.low, l.rate.high)),
            })
            .collect();
        bars(
            &format!("Win rate per {kind} (Wilson 95%; red: even {})", pct(even)),
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
                    " seat-games) is marked too few games: it is never flagged nor ranked among the most and least effective cards."
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
                    h2 { "Win rate per " (kind) }
                    figure { (PreEscaped(label_chart(kind))) }
                    table.labels {
                        tr { th { (kind) } th { "n" } th { "win rate" } th { "95% interval" } th { "mean total" } th { "sample" } }
                        @for l in r.labels.iter().filter(|l| &l.kind == kind) {
                            tr class=(if l.rate.flagged { "flag" } else if l.rate.few { "few" } else { "" }) data-kind=(l.kind) data-name=(l.name) {
                                td { (l.name) }
                                td.n { (l.rate.n) }
                                td.rate { (pct(l.rate.win_rate)) }
                                td.interval { (pct(l.rate.low)) "–" (pct(l.rate.high)) }
                                td.total { (num(l.mean_total)) }
                                td.sample { @if l.rate.few { "too few games" } }
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
                    h3 { (age_name(*a)) }
                    table.cards {
                        tr { th { "card" } th { "colour" } th { "built" } th { "built rate" } th { "win rate built" } th { "95% interval" } th { "not built" } th { "lift" } th { "total built" } th { "total not" } th { "sample" } }
                        @for c in r.cards.iter().filter(|c| c.age == *a) {
                            tr class=(if c.never_built { "never" } else if c.few { "few" } else { "" }) data-kind="card" data-name=(c.name) data-age=(c.age) {
                                td { (r.card_label(&c.name, c.age)) }
                                td { (c.colour) }
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
                    tr { th { "seat" } th { "n" } th { "win rate" } th { "95% interval" } th { "mean total" } }
                    @for s in &r.seats {
                        tr class=(if s.rate.flagged { "flag" } else { "" }) data-kind="seat" data-name=(s.seat) {
                            td { "seat " (s.seat) }
                            td.n { (s.rate.n) }
                            td.rate { (pct(s.rate.win_rate)) }
                            td.interval { (pct(s.rate.low)) "–" (pct(s.rate.high)) }
                            td.total { (num(s.mean_total)) }
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
