//! `sevenw balance`: the report's HTML shows the numbers of its JSON, the
//! command runs for every game, and the baseline comparison flags a card
//! made deliberately too strong.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use sevenw_cli::html::{NO_DATA, interval_or, metric_words, num, num_or, pct, pct_or, rate_or};
use sevenw_host::{CardId, Event, GameInfo, Host, Source};
use sevenw_runtime::balance::{MIN_SAMPLE, Report, dealable, play};
use sevenw_runtime::bots::{BotKind, Bots};
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::sim::SimOptions;

fn out_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("sevenw-balance")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs `sevenw balance` into a fresh directory; returns the report and
/// the page.
fn balance(name: &str, args: &[&str]) -> (Report, String, String) {
    let dir = out_dir(name);
    let mut all: Vec<&str> = vec!["balance", "--out"];
    let d = dir.to_string_lossy().into_owned();
    all.push(&d);
    all.extend_from_slice(args);
    let out = Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(&all)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = std::fs::read_to_string(dir.join("report.json")).unwrap();
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    (serde_json::from_str(&json).unwrap(), html, stdout)
}

/// HTML's escaping of an attribute value.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The table row of `kind` and `name` in the page.
fn row<'h>(html: &'h str, kind: &str, name: &str) -> &'h str {
    row_with(html, kind, name, "")
}

/// The same, with more attributes after the name (a card's Age).
fn row_with<'h>(html: &'h str, kind: &str, name: &str, more: &str) -> &'h str {
    let key = format!(
        "data-kind=\"{}\" data-name=\"{}\"{more}",
        esc(kind),
        esc(name)
    );
    let at = html
        .find(&key)
        .unwrap_or_else(|| panic!("no row {kind} {name}"));
    let start = html[..at].rfind("<tr").unwrap_or(at);
    let end = html[at..].find("</tr>").map_or(html.len(), |e| at + e);
    &html[start..end]
}

fn cell(s: &str) -> String {
    format!(">{}<", esc(s))
}

fn html_agrees(r: &Report, html: &str) {
    assert!(html.contains(&format!("<span id=\"games\">{}</span>", r.games)));
    assert!(html.contains(&format!("<span id=\"even\">{}</span>", pct(r.even))));
    assert!(!r.labels.is_empty());
    for l in &r.labels {
        let tr = row(html, &l.kind, &l.name);
        assert!(tr.contains(&cell(&l.rate.n.to_string())), "{tr}");
        assert!(tr.contains(&cell(&rate_or(&l.rate))), "{tr}");
        assert!(tr.contains(&cell(&interval_or(&l.rate))), "{tr}");
        if l.rate.n > 0 {
            let interval = format!("{}–{}", pct(l.rate.low), pct(l.rate.high));
            assert!(tr.contains(&cell(&interval)), "{tr}");
            assert!(tr.contains(&cell(&pct(l.rate.win_rate))), "{tr}");
        } else {
            // Never played: no data, and said so.
            assert!(tr.contains(&cell(NO_DATA)), "{tr}");
            assert!(tr.contains(">never "), "{tr}");
        }
        let dealt_flagged = l.dealt.as_ref().is_some_and(|d| d.flagged);
        assert_eq!(
            tr.contains("class=\"flag\""),
            l.rate.flagged || dealt_flagged,
            "{tr}"
        );
        assert_eq!(l.rate.few, l.rate.n < MIN_SAMPLE, "{tr}");
        assert!(!(l.rate.few && l.rate.flagged), "{tr}");
        // Dealt apart from played: both rates, each with its sample.
        assert_eq!(l.dealt.is_some(), r.dealt_words(&l.kind).is_some(), "{tr}");
        if let Some(d) = &l.dealt {
            assert!(tr.contains(&cell(&d.n.to_string())), "{tr}");
            assert!(tr.contains(&cell(&rate_or(d))), "{tr}");
            assert!(tr.contains(&cell(&interval_or(d))), "{tr}");
            assert!(!(d.few && d.flagged), "{tr}");
        }
        if l.rate.n > 0 {
            assert!(tr.contains(&cell(&num(l.mean_total))), "{tr}");
        }
    }
    for c in &r.cards {
        let tr = row_with(html, "card", &c.name, &format!(" data-age=\"{}\"", c.age));
        for v in [
            c.built.to_string(),
            pct(c.built_rate),
            pct_or(c.win_rate_built),
            pct(c.win_rate_not),
            pct_or(c.lift),
            num_or(c.mean_total_built),
            r.card_label(&c.name, c.age),
        ] {
            assert!(tr.contains(&cell(&v)), "{} {v}: {tr}", c.name);
        }
        // A card dealt to keep: its rate when dealt, and the share built.
        assert!(
            c.dealt.is_none() || r.dealt_words("card").is_some(),
            "{}",
            c.name
        );
        if let Some(d) = &c.dealt {
            assert!(tr.contains(&cell(&d.n.to_string())), "{tr}");
            assert!(tr.contains(&cell(&rate_or(d))), "{tr}");
            assert!(tr.contains(&cell(&interval_or(d))), "{tr}");
            assert!(tr.contains(&cell(&pct_or(c.built_share))), "{tr}");
            assert!(!(d.few && d.flagged), "{tr}");
        }
        // Never built: no data, and said so; too few games: said so.
        assert_eq!(c.never_built, c.built == 0, "{}", c.name);
        assert_eq!(c.win_rate_built.is_none(), c.never_built, "{}", c.name);
        assert_eq!(c.few, c.built < MIN_SAMPLE, "{}", c.name);
        let sample = if c.never_built {
            "never built"
        } else if c.few {
            "too few games"
        } else {
            "ranked"
        };
        assert!(tr.contains(&cell(sample)), "{}: {tr}", c.name);
    }
    for s in &r.seats {
        let tr = row(html, "seat", &s.seat.to_string());
        assert!(tr.contains(&cell(&pct(s.rate.win_rate))), "{tr}");
        assert!(tr.contains(&cell(&s.rate.n.to_string())), "{tr}");
    }
    for v in &r.victories {
        let tr = row(html, "victory", &v.kind);
        assert!(tr.contains(&cell(&v.games.to_string())), "{tr}");
        assert!(tr.contains(&cell(&pct(v.share))), "{tr}");
    }
    assert!(html.contains(&format!(
        "Game length: {} decisions on average ({} to {})",
        num(r.length.mean_decisions),
        r.length.min_decisions,
        r.length.max_decisions
    )));
    // The summary of the findings opens the page, before any table.
    let summary = html.find("id=\"summary\"").expect("a summary");
    assert!(summary < html.find("<table").unwrap());
    for line in sevenw_cli::html::summary(r) {
        assert!(html[summary..].contains(&esc(&line)), "{line}");
    }
    // Charts are in % like the tables, with labelled axes.
    assert!(html.contains("win rate (%)"));
    assert!(html.contains("lift (% points)"));
    // Charts are inline SVG; nothing is fetched.
    assert!(html.matches("<svg").count() >= 3);
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
}

#[test]
fn the_page_shows_the_numbers_of_the_json() {
    let (r, html, stdout) = balance(
        "duel",
        &[
            "--game", "duel", "--games", "40", "--bots", "greedy", "--seed", "4",
        ],
    );
    assert_eq!(r.games, 40);
    assert_eq!(r.players, 2);
    assert_eq!(r.seats.iter().map(|s| s.rate.n).sum::<u64>(), 80);
    assert_eq!(r.victories.iter().map(|v| v.games).sum::<u64>(), 40);
    assert!(r.labels.iter().any(|l| l.kind == "progress"));
    assert!(stdout.contains("wrote"));
    html_agrees(&r, &html);
    // The same games on one thread give the same numbers.
    let (again, _, _) = balance(
        "duel-1",
        &[
            "--game",
            "duel",
            "--games",
            "40",
            "--bots",
            "greedy",
            "--seed",
            "4",
            "--threads",
            "1",
        ],
    );
    assert_eq!(again.labels, r.labels);
    assert_eq!(again.cards, r.cards);
}

#[test]
fn every_game_gets_a_report() {
    for (name, args) in [
        ("base", &["--game", "base", "--players", "3"][..]),
        (
            "base2",
            &["--game", "base", "--edition", "2", "--players", "4"],
        ),
        (
            "leaders",
            &["--game", "base", "--with", "leaders", "--players", "3"],
        ),
        (
            "edifice",
            &["--game", "base", "--with", "edifice", "--players", "3"],
        ),
        ("architects", &["--game", "architects", "--players", "3"]),
    ] {
        let mut a = args.to_vec();
        a.extend_from_slice(&["--games", "12", "--bots", "random", "--seed", "2"]);
        let (r, html, _) = balance(name, &a);
        assert_eq!(r.games, 12, "{name}");
        assert!(r.labels.iter().any(|l| l.kind == "wonder"), "{name}");
        assert!(!r.cards.is_empty(), "{name}");
        html_agrees(&r, &html);
        if name == "edifice" {
            assert!(r.labels.iter().any(|l| l.kind == "project"), "{name}");
        }
        if name == "leaders" {
            assert!(
                r.cards.iter().any(|c| c.age == 0),
                "leaders are cards of no Age"
            );
        }
    }
    // The search bot plays in a report too.
    let (r, html, _) = balance(
        "mcts",
        &[
            "--game",
            "duel",
            "--games",
            "2",
            "--bots",
            "mcts:8,greedy",
            "--seed",
            "1",
        ],
    );
    assert_eq!(r.bots, vec!["mcts:8", "greedy"]);
    html_agrees(&r, &html);
}

#[test]
fn a_bad_baseline_is_refused_before_playing() {
    let dir = out_dir("bad-baseline");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("old.json");
    std::fs::write(&bad, "{\"games\": 3}").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sevenw"))
        .args(["balance", "--game", "duel", "--games", "1", "--out"])
        .arg(dir.join("new"))
        .arg("--baseline")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a balance report"));
    assert!(!dir.join("new").exists());
}

static SHIPPED: OnceLock<&'static GameInfo> = OnceLock::new();
static STRONG: OnceLock<CardId> = OnceLock::new();

/// The shipped effects, but the strong card's run five times (Altar's
/// `gain 2 vp` becomes 10 points).
fn strong_effects(source: Source, event: Event, host: &mut dyn Host) {
    let Some(info) = SHIPPED.get() else { return };
    let times = match (source, STRONG.get()) {
        (Source::Card(c), Some(&s)) if c == s => 5,
        _ => 1,
    };
    for _ in 0..times {
        (info.effects)(source, event, host);
    }
}

fn report(info: &'static GameInfo, games: u64) -> Report {
    let g = Base::new(info).unwrap();
    let opts = SimOptions {
        setup: Setup::new(3, 12),
        bots: vec![BotKind::Greedy; 3],
        games,
        threads: 2,
        check: false,
    };
    let t = play(&g, Bots::new().with_greedy(), &opts, &|_| {}).unwrap();
    Report::new(info, &["points"], &opts, &t, 1.0)
}

#[test]
fn the_baseline_flags_a_card_made_too_strong() {
    let shipped = sevenw_cards::game("base").unwrap();
    SHIPPED.get_or_init(|| shipped);
    let altar = shipped
        .cards
        .iter()
        .position(|c| c.name == "Altar")
        .unwrap();
    STRONG.get_or_init(|| CardId(altar as u16));
    let mut strong: GameInfo = *shipped;
    strong.effects = strong_effects;
    let strong: &'static GameInfo = Box::leak(Box::new(strong));

    let before = report(shipped, 300);
    let mut after = report(strong, 300);
    // The same card set against itself: nothing beyond the noise.
    let mut same = report(shipped, 300);
    same.compare(&before, "before/report.json");
    let b = same.baseline.as_ref().unwrap();
    assert!(b.changes.iter().all(|c| !c.flagged), "{:?}", b.changes);

    after.compare(&before, "before/report.json");
    let b = after.baseline.as_ref().unwrap();
    let flagged: Vec<_> = b.changes.iter().filter(|c| c.flagged).collect();
    assert!(
        flagged
            .iter()
            .any(|c| c.kind == "card" && c.name == "Altar"),
        "{flagged:?}"
    );
    // The strongest change is the Altar's, upward.
    let top = &b.changes[0];
    assert_eq!((top.kind.as_str(), top.name.as_str()), ("card", "Altar"));
    assert!(top.after > top.before);
    // The page shows it, highlighted.
    let html = sevenw_cli::html::page(&after);
    let tr = row_with(&html, "card", "Altar", " data-age=\"1\"");
    assert!(html.contains("Changes since the baseline"));
    let changes = &html[html.find("id=\"changes\"").unwrap()..];
    let first = &changes[..changes.find("</tr>").unwrap() + 5];
    assert!(first.contains("<th>"));
    let flagged_row = &changes[changes.find("class=\"flag\"").unwrap()..];
    assert!(flagged_row.contains("data-name=\"Altar\""), "{tr}");
    let flagged_row = &flagged_row[..flagged_row.find("</tr>").unwrap()];
    assert!(
        flagged_row.contains(">built rate<") || flagged_row.contains(">win rate when built<"),
        "{flagged_row}"
    );
    assert!(!changes.contains(">win_rate_built<") && !changes.contains(">built_rate<"));
}

/// A Duel report has every card of its Ages and its guilds, those never
/// built with no data.
#[test]
fn every_card_that_can_be_dealt_is_in_the_report_built_or_not() {
    let duel = sevenw_cards::game("duel").unwrap();
    let (r, html, stdout) = balance(
        "never-built",
        &[
            "--game", "duel", "--games", "3", "--bots", "greedy", "--seed", "5",
        ],
    );
    // Every Duel card: 3 games cannot build them all.
    assert_eq!(r.cards.len(), duel.cards.len());
    for c in duel.cards {
        assert!(
            r.cards.iter().any(|x| x.name == c.name && x.age == c.age),
            "{} is missing",
            c.name
        );
    }
    let never: Vec<_> = r.cards.iter().filter(|c| c.never_built).collect();
    assert!(!never.is_empty());
    for c in &never {
        assert_eq!(c.built, 0);
        assert_eq!((c.win_rate_built, c.lift, c.low), (None, None, None));
        let tr = row_with(&html, "card", &c.name, &format!(" data-age=\"{}\"", c.age));
        assert!(tr.contains(&cell(NO_DATA)), "{tr}");
        assert!(tr.contains(&cell("never built")), "{tr}");
    }
    // In the JSON, their rates are null.
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out_dir_kept("never-built").join("report.json")).unwrap(),
    )
    .unwrap();
    let c = json["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["built"] == 0)
        .unwrap();
    assert!(c["win_rate_built"].is_null() && c["lift"].is_null(), "{c}");
    assert_eq!(c["never_built"], true);
    assert!(
        stdout.contains(&format!("{} never built", never.len())),
        "{stdout}"
    );
    html_agrees(&r, &html);
}

/// The output directory of an earlier run, not cleared.
fn out_dir_kept(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("sevenw-balance")
        .join(name)
}

#[test]
fn the_cards_dealt_depend_on_the_player_count() {
    let base = sevenw_cards::game("base").unwrap();
    let three = dealable(base, 3, &[]);
    let seven = dealable(base, 7, &[]);
    assert!(three.len() < seven.len());
    let name = |id: &u16| base.cards[usize::from(*id)].name;
    // Every guild is drawn from, whatever the count.
    let guilds = |v: &[u16]| {
        v.iter()
            .filter(|id| base.cards[usize::from(**id)].copies.is_empty())
            .count()
    };
    assert!(guilds(&three) > 0);
    assert_eq!(guilds(&three), guilds(&seven));
    // A card from 4 players on is not dealt to 3.
    let four_up = base
        .cards
        .iter()
        .position(|c| !c.copies.is_empty() && c.copies.iter().all(|&p| p >= 4))
        .unwrap() as u16;
    assert!(!three.contains(&four_up), "{}", name(&four_up));
    assert!(seven.contains(&four_up));
}

#[test]
fn rates_of_too_few_games_are_not_findings() {
    let (r, html, stdout) = balance(
        "few",
        &[
            "--game", "duel", "--games", "40", "--bots", "greedy", "--seed", "4",
        ],
    );
    let few: Vec<_> = r.cards.iter().filter(|c| c.few && !c.never_built).collect();
    assert!(!few.is_empty(), "40 games leave some cards rarely built");
    // The chart of the most and least effective cards and the summary's
    // highest and lowest lifts name ranked cards only.
    let chart = &html[html.find("Lift of the most and least effective").unwrap()..];
    let chart = &chart[..chart.find("</svg>").unwrap()];
    for c in &few {
        assert!(c.built < MIN_SAMPLE);
        let label = r.card_label(&c.name, c.age);
        assert!(
            !chart.contains(&format!(">{}<", esc(&label))),
            "{label} charted"
        );
        for line in stdout.lines().filter(|l| l.contains("lift:")) {
            assert!(!line.contains(&format!("{label} ")), "{label}: {line}");
        }
    }
    let ranked = sevenw_cli::html::ranked(&r);
    assert!(ranked.iter().all(|c| c.built >= MIN_SAMPLE));
    assert!(!ranked.is_empty());
    let top = &ranked[0];
    assert!(
        stdout.contains(&format!(
            "highest lift: {} {}",
            r.card_label(&top.name, top.age),
            pct_or(top.lift)
        )),
        "{stdout}"
    );
    // Within an Age, the ranked cards come first.
    for a in 1..=3u8 {
        let few_flags: Vec<bool> = r
            .cards
            .iter()
            .filter(|c| c.age == a)
            .map(|c| c.few)
            .collect();
        assert!(few_flags.windows(2).all(|w| w[0] <= w[1]), "Age {a}");
    }
    // A wonder of fewer than MIN_SAMPLE seats is never flagged.
    for l in &r.labels {
        if l.rate.n < MIN_SAMPLE {
            assert!(l.rate.few && !l.rate.flagged, "{}", l.name);
        }
    }
}

#[test]
fn a_card_of_two_ages_is_labelled_with_its_age() {
    let (r, html, _) = balance(
        "ages",
        &[
            "--game",
            "base",
            "--players",
            "3",
            "--games",
            "4",
            "--bots",
            "random",
            "--seed",
            "2",
        ],
    );
    let press: Vec<_> = r.cards.iter().filter(|c| c.name == "Press").collect();
    assert_eq!(press.len(), 2);
    for (c, label) in press.iter().zip(["Press (Age I)", "Press (Age II)"]) {
        assert_eq!(r.card_label(&c.name, c.age), label);
        let tr = row_with(&html, "card", "Press", &format!(" data-age=\"{}\"", c.age));
        assert!(tr.contains(&cell(label)), "{tr}");
    }
    // A card of one Age keeps its name alone.
    assert_eq!(r.card_label("Altar", 1), "Altar");
}

#[test]
fn metrics_are_named_in_words() {
    assert_eq!(metric_words("win_rate_built"), "win rate when built");
    assert_eq!(metric_words("built_rate"), "built rate");
    assert_eq!(metric_words("win_rate"), "win rate");
}

/// The game of a report's name, edition and expansions, composed as
/// `--with` does.
fn composed(game: &str, edition: u8, with: &[&str]) -> &'static GameInfo {
    let g = sevenw_cards::GAMES
        .iter()
        .copied()
        .find(|g| g.extends.is_empty() && g.name == game && g.edition == edition)
        .unwrap();
    let e: Vec<&'static GameInfo> = with
        .iter()
        .map(|x| {
            sevenw_cards::GAMES
                .iter()
                .copied()
                .find(|g| g.name == *x)
                .unwrap()
        })
        .collect();
    sevenw_runtime::engine::compose::compose(g, &e).unwrap()
}

/// A short run of every game lists every card that can be dealt, every
/// wonder side, token and project of the set, each with its sample; no
/// card of fewer than `MIN_SAMPLE` seat-games is ranked or charted, no rate
/// of fewer seats flagged.
#[test]
fn a_short_run_of_every_game_lists_the_whole_set_and_ranks_none_of_too_few_games() {
    for (name, game, with, players, edition) in [
        ("set-base", "base", &[][..], 3, None),
        ("set-base2", "base", &[], 4, Some("2")),
        ("set-leaders", "base", &["leaders"], 3, None),
        ("set-edifice", "base", &["edifice"], 3, None),
        ("set-duel", "duel", &[], 2, None),
        ("set-architects", "architects", &[], 3, None),
    ] {
        let info = composed(game, edition.map_or(1, |_| 2), with);
        let p = players.to_string();
        let w = with.join(",");
        let mut a = vec!["--game", game, "--players", &p];
        if let Some(e) = edition {
            a.extend_from_slice(&["--edition", e]);
        }
        if !with.is_empty() {
            a.extend_from_slice(&["--with", &w]);
        }
        a.extend_from_slice(&["--games", "10", "--bots", "random", "--seed", "3"]);
        let (r, html, stdout) = balance(name, &a);
        // Every card that can be dealt, once, by name and Age.
        let mut want: Vec<(String, u8)> = dealable(info, players, &[])
            .iter()
            .map(|&id| {
                let c = &info.cards[usize::from(id)];
                (c.name.to_string(), c.age)
            })
            .collect();
        let mut got: Vec<(String, u8)> = r.cards.iter().map(|c| (c.name.clone(), c.age)).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{name}");
        // Every wonder side, token and project, with its sample.
        let mut tags: Vec<(&str, String)> = Vec::new();
        for wonder in info.wonders {
            if wonder.sides.len() > 1 {
                for s in wonder.sides {
                    tags.push(("wonder", format!("{} {}", wonder.name, s.name)));
                }
            } else {
                tags.push(("wonder", wonder.name.to_string()));
            }
        }
        for t in info.progress {
            tags.push(("progress", t.name.to_string()));
        }
        if let Some(rule) = info.projects {
            for c in info
                .cards
                .iter()
                .filter(|c| c.colour == rule.colour && c.age > 0)
            {
                tags.push(("project", c.name.to_string()));
            }
        }
        assert!(tags.len() >= 7, "{name}: {tags:?}");
        for (kind, label) in &tags {
            let l = r
                .labels
                .iter()
                .find(|l| l.kind == *kind && &l.name == label)
                .unwrap_or_else(|| panic!("{name}: no {kind} {label}"));
            let tr = row(&html, kind, label);
            assert!(tr.contains(&cell(&l.rate.n.to_string())), "{tr}");
        }
        assert_eq!(r.labels.len(), tags.len(), "{name}");
        // 10 games: no card is built 30 times by 2 to 4 seats... but
        // whatever is, nothing of fewer is ranked, charted or named.
        let ranked = sevenw_cli::html::ranked(&r);
        assert!(ranked.iter().all(|c| c.built >= MIN_SAMPLE), "{name}");
        let chart = &html[html.find("Lift of the most and least effective").unwrap()..];
        let chart = &chart[..chart.find("</svg>").unwrap()];
        for c in r.cards.iter().filter(|c| c.built < MIN_SAMPLE) {
            assert!(c.few, "{name}: {}", c.name);
            let label = r.card_label(&c.name, c.age);
            assert!(
                !chart.contains(&format!(">{}<", esc(&label))),
                "{label} charted"
            );
            for line in stdout.lines().filter(|l| l.contains("lift:")) {
                assert!(!line.contains(&format!("{label} ")), "{label}: {line}");
            }
        }
        for (what, rate) in r.rates() {
            assert!(rate.n >= MIN_SAMPLE || !rate.flagged, "{name}: {what}");
        }
        html_agrees(&r, &html);
    }
}

/// Duel's wonders are drafted, then built or not: the report tells the
/// win rate when drafted from that when built, each with its sample.
#[test]
fn duel_wonders_are_reported_drafted_and_built() {
    let (r, html, stdout) = balance(
        "drafted",
        &[
            "--game", "duel", "--games", "60", "--bots", "greedy", "--seed", "7",
        ],
    );
    assert_eq!(
        r.dealt_words("wonder").map(|w| w.dealt.as_str()),
        Some("drafted")
    );
    let wonders: Vec<_> = r.labels.iter().filter(|l| l.kind == "wonder").collect();
    let drafted: u64 = wonders.iter().map(|l| l.dealt.as_ref().unwrap().n).sum();
    let built: u64 = wonders.iter().map(|l| l.rate.n).sum();
    // Four drafted a seat; at most seven built a game.
    assert_eq!(drafted, 8 * 60);
    assert!(built <= 7 * 60 && built > 0, "{built}");
    for l in &wonders {
        let d = l.dealt.as_ref().unwrap();
        // Built only if drafted: built seats are among the drafted ones,
        // and so are their wins.
        assert!(l.rate.n <= d.n && l.rate.wins <= d.wins, "{}", l.name);
        if d.n > 0 {
            let share = l.rate.n as f64 / d.n as f64;
            assert!((l.played_share.unwrap() - share).abs() < 1e-4, "{}", l.name);
        }
    }
    // Progress tokens are played as dealt: one rate.
    assert!(
        r.labels
            .iter()
            .filter(|l| l.kind == "progress")
            .all(|l| l.dealt.is_none())
    );
    // Both are named in the table's head and in the summary's sentence.
    assert!(html.contains("<th>win rate when drafted</th>"));
    assert!(html.contains("<th>win rate when built</th>"));
    assert!(
        stdout.contains("A wonder is drafted, then built or not"),
        "{stdout}"
    );
    html_agrees(&r, &html);
}

/// Leaders are drafted, then recruited or not: each leader's row has its
/// win rate when drafted beside that when recruited (built).
#[test]
fn leaders_are_reported_drafted_and_recruited() {
    let (r, html, stdout) = balance(
        "recruited",
        &[
            "--game",
            "base",
            "--with",
            "leaders",
            "--players",
            "3",
            "--games",
            "40",
            "--bots",
            "greedy",
            "--seed",
            "5",
        ],
    );
    let w = r.dealt_words("card").unwrap();
    assert_eq!(
        (w.dealt.as_str(), w.played.as_str()),
        ("drafted", "recruited")
    );
    let leaders: Vec<_> = r.cards.iter().filter(|c| c.dealt.is_some()).collect();
    // The leaders, cards of no Age, and only they.
    assert!(leaders.len() >= 30, "{}", leaders.len());
    assert!(r.cards.iter().all(|c| c.dealt.is_some() == (c.age == 0)));
    // Four drafted a seat (more when a wonder draws some).
    let drafted: u64 = leaders.iter().map(|c| c.dealt.as_ref().unwrap().n).sum();
    assert!(drafted >= 4 * 3 * 40, "{drafted}");
    for c in &leaders {
        let d = c.dealt.as_ref().unwrap();
        // Recruited only if drafted.
        assert!(c.built <= d.n, "{}", c.name);
        if d.n > 0 {
            let share = c.built as f64 / d.n as f64;
            assert!((c.built_share.unwrap() - share).abs() < 1e-4, "{}", c.name);
        }
    }
    assert!(html.contains("<th>win rate when drafted</th>"));
    assert!(html.contains("<th>share recruited</th>"));
    assert!(
        stdout.contains("A card is drafted, then recruited or not"),
        "{stdout}"
    );
    html_agrees(&r, &html);
}

/// `--until-precise` stops when every judged interval is within the
/// precision, or at the budget, and says why; what it plays is the plain
/// run of as many games.
#[test]
fn until_precise_stops_when_precise_or_at_the_budget_and_equals_a_plain_run() {
    use sevenw_runtime::balance::{Budget, Stopped, play_until, precise};
    let duel = sevenw_runtime::games::duel::Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    let opts = SimOptions {
        setup: Setup::new(2, 9),
        bots: vec![BotKind::Greedy; 2],
        games: 0,
        threads: 2,
        check: false,
    };
    let budget = Budget {
        precision: 12.0,
        first: 8,
        max_games: 5_000,
        max_time: None,
    };
    let mut batches = Vec::new();
    let (t, stop) = play_until(
        &duel,
        Bots::new().with_greedy(),
        &opts,
        budget,
        &|_| {},
        &mut |p| batches.push(p),
    )
    .unwrap();
    assert_eq!(stop.reason, Stopped::Precise);
    assert_eq!(stop.wide, 0);
    assert!(stop.judged > 0);
    // Batches follow each other, the first of `first` games.
    assert_eq!(batches.len() as u64, stop.batches);
    assert_eq!((batches[0].done, batches[0].target), (0, 8));
    assert!(batches.windows(2).all(|w| w[0].target == w[1].done));
    assert_eq!(batches.last().unwrap().target, t.games);
    // Every judged interval is within ±12 points, not yet one batch before.
    let (_, wide, _) = precise(&t, 12.0);
    assert_eq!(wide, 0);
    // The plain run of as many games is the same, tally for tally.
    let plain = play(
        &duel,
        Bots::new().with_greedy(),
        &SimOptions {
            games: t.games,
            threads: 1,
            ..opts.clone()
        },
        &|_| {},
    )
    .unwrap();
    assert_eq!(plain, t);
    // And so is a second run: the batches depend on the seed alone.
    let (again, _) = play_until(
        &duel,
        Bots::new().with_greedy(),
        &opts,
        budget,
        &|_| {},
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(again, t);
    // A precision out of reach stops at the budget of games.
    let (t, stop) = play_until(
        &duel,
        Bots::new().with_greedy(),
        &opts,
        Budget {
            precision: 0.5,
            max_games: 50,
            ..budget
        },
        &|_| {},
        &mut |_| {},
    )
    .unwrap();
    assert_eq!((stop.reason, t.games), (Stopped::MaxGames, 50));
    assert!(stop.wide > 0 && stop.games_needed.unwrap() > 50);
    // A budget of no time stops after the first batch, whatever the pace.
    let (t, stop) = play_until(
        &duel,
        Bots::new().with_greedy(),
        &opts,
        Budget {
            precision: 0.5,
            max_time: Some(std::time::Duration::ZERO),
            ..budget
        },
        &|_| {},
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        (stop.reason, t.games, stop.batches),
        (Stopped::MaxTime, 8, 1)
    );
}

/// A report written before the figures of dealt rates, games needed and
/// stops were added still reads as a baseline.
#[test]
fn a_report_without_the_newer_keys_is_still_a_baseline() {
    let shipped = sevenw_cards::game("base").unwrap();
    let mut now = report(shipped, 20);
    let mut old = serde_json::to_value(&now).unwrap();
    let o = old.as_object_mut().unwrap();
    for key in ["precision", "dealt_kinds", "stop"] {
        o.remove(key);
    }
    for l in o["labels"].as_array_mut().unwrap() {
        let l = l.as_object_mut().unwrap();
        for key in ["games_needed", "dealt", "played_share"] {
            l.remove(key);
        }
    }
    for c in o["cards"].as_array_mut().unwrap() {
        let c = c.as_object_mut().unwrap();
        c.remove("dealt");
        c.remove("built_share");
    }
    let old: Report = serde_json::from_value(old).unwrap();
    assert_eq!(old.precision, 1.0);
    assert!(old.stop.is_none() && old.dealt_kinds.is_empty());
    assert!(old.labels.iter().all(|l| l.rate.games_needed.is_none()));
    now.compare(&old, "old/report.json");
    let b = now.baseline.as_ref().unwrap();
    assert!(!b.changes.is_empty() && b.changes.iter().all(|c| !c.flagged));
}

#[test]
fn until_precise_on_the_command_line_says_why_it_stopped() {
    let (r, html, stdout) = balance(
        "precise",
        &[
            "--game",
            "duel",
            "--until-precise",
            "0.5",
            "--max-games",
            "40",
            "--games",
            "16",
            "--seed",
            "2",
        ],
    );
    assert_eq!(r.games, 40);
    assert_eq!(r.precision, 0.5);
    let stop = r.stop.as_ref().unwrap();
    assert_eq!(stop.reason, sevenw_runtime::balance::Stopped::MaxGames);
    // The intervals judged are the report's rates of enough seats, and
    // those still wide the ones whose games needed are more than played.
    let judged: Vec<_> = r.rates().into_iter().filter(|(_, x)| !x.few).collect();
    assert_eq!(stop.judged, judged.len() as u64);
    let wide = judged
        .iter()
        .filter(|(_, x)| x.games_needed.is_none_or(|g| g > r.games))
        .count();
    assert_eq!(stop.wide, wide as u64);
    let why = sevenw_cli::html::stop_sentence(&r).unwrap();
    assert!(
        why.starts_with("Stopped at the budget of 40 games"),
        "{why}"
    );
    assert!(stdout.contains(&why), "{stdout}");
    assert!(html.contains(&esc(&why)));
    assert!(html.contains("games for ±0.5 points"));
    // Each flagged interval comes with the games that would narrow it.
    for (what, rate) in r.rates().into_iter().filter(|(_, x)| x.flagged) {
        let g = rate.games_needed.unwrap();
        assert!(g > 40, "{what}");
        assert!(
            stdout.contains(&format!("{what} {}", sevenw_cli::html::count(g))),
            "{stdout}"
        );
    }
    // The budget options need --until-precise; --games is needed without it.
    for args in [
        &["--game", "duel", "--games", "2", "--max-games", "9"][..],
        &["--game", "duel", "--games", "2", "--max-time", "1m"],
        &["--game", "duel"],
        &["--game", "duel", "--until-precise", "0"],
        &[
            "--game",
            "duel",
            "--until-precise",
            "1",
            "--max-time",
            "soon",
        ],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sevenw"))
            .arg("balance")
            .args(args)
            .args(["--out", &out_dir("refused").to_string_lossy()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
