//! The report of a balance run ([`Report`], `report.json`): rates with
//! their samples, intervals, flags and the games that would make them
//! precise; the comparison with a baseline.

use serde::{Deserialize, Serialize};
use sevenw_host::GameInfo;

use super::{
    CHANGE_Z, CardAcc, DEFAULT_PRECISION, MIN_SAMPLE, Stop, Tally, games_needed, ratio, round,
    wilson,
};
use crate::engine::compose::categories_in_play;
use crate::sim::SimOptions;

/// A rate with its sample, interval and flag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// Seats (seat-games) counted.
    pub n: u64,
    /// Of those, winners (ties count for each winner).
    pub wins: u64,
    pub win_rate: f64,
    /// The Wilson 95% interval.
    pub low: f64,
    pub high: f64,
    /// The interval leaves out the even rate, from [`MIN_SAMPLE`] seats on.
    pub flagged: bool,
    /// Fewer than [`MIN_SAMPLE`] seats: too few games for a finding.
    #[serde(default)]
    pub few: bool,
    /// The games of the run after which its interval would be within
    /// ±[`Report::precision`] points, its rate and its share of the games
    /// staying as they are ([`games_needed`]); `None` without a seat.
    #[serde(default)]
    pub games_needed: Option<u64>,
}

impl Rate {
    pub(crate) fn new(wins: u64, n: u64, even: f64) -> Rate {
        let (low, high) = wilson(wins, n);
        Rate {
            n,
            wins,
            win_rate: round(ratio(wins as f64, n as f64), 4),
            low: round(low, 4),
            high: round(high, 4),
            flagged: n >= MIN_SAMPLE && (even < low || even > high),
            few: n < MIN_SAMPLE,
            games_needed: None,
        }
    }

    /// Its [`Rate::games_needed`] for ±`points`, in a run of `games`.
    fn need(&mut self, games: u64, points: f64) {
        self.games_needed = games_needed(self.wins, self.n, games, points);
    }

    /// Whether its interval is wider than ±`points` points.
    pub fn wider_than(&self, points: f64) -> bool {
        (self.high - self.low) / 2.0 > points / 100.0
    }
}

/// A kind of thing a seat may be dealt without playing it, with the
/// game's words for both (Duel's wonders: `drafted`, `built`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealtKind {
    pub kind: String,
    pub dealt: String,
    pub played: String,
}

/// What one seat played with: a wonder (and side), a progress token, a
/// project joined. Every one the game can give has one, played or not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelStat {
    /// `wonder`, `progress`, `project`.
    pub kind: String,
    pub name: String,
    /// The seats that played it (Duel: built the wonder).
    #[serde(flatten)]
    pub rate: Rate,
    /// For a kind dealt apart from played ([`Report::dealt_kinds`]): the
    /// seats dealt it (Duel: that drafted the wonder), built or not.
    #[serde(default)]
    pub dealt: Option<Rate>,
    /// The share of the seats dealt it that played it.
    #[serde(default)]
    pub played_share: Option<f64>,
    /// Mean points by category (in `categories` order), and mean total.
    pub points: Vec<f64>,
    pub mean_total: f64,
}

/// One card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardStat {
    pub name: String,
    /// Its Age (0: a card of no Age, as leaders).
    pub age: u8,
    pub colour: String,
    /// Seat-games in which it was built, and their share.
    pub built: u64,
    pub built_rate: f64,
    /// Never built in these games: the rates of the seats that built it
    /// are `None` (no data).
    #[serde(default)]
    pub never_built: bool,
    /// Built in fewer than [`MIN_SAMPLE`] seat-games: its rates are shown
    /// but it is not ranked among the findings.
    #[serde(default)]
    pub few: bool,
    /// Copies built per seat that built it (Architects has copies).
    pub copies: Option<f64>,
    /// For a card dealt to keep, then built or not (the kind `card` of
    /// [`Report::dealt_kinds`]: Leaders' drafted leaders), the seats
    /// dealt it, their win rate and interval; `None` for other cards.
    #[serde(default)]
    pub dealt: Option<Rate>,
    /// Of the seats dealt it, the share that built it.
    #[serde(default)]
    pub built_share: Option<f64>,
    /// Win rate of the seats that built it, with its interval.
    pub win_rate_built: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    /// Win rate of the seats that did not.
    pub win_rate_not: f64,
    /// `win_rate_built - win_rate_not`.
    pub lift: Option<f64>,
    /// Mean final total of the seats that built it, and of those that did
    /// not; their difference.
    pub mean_total_built: Option<f64>,
    pub mean_total_not: f64,
    pub points_lift: Option<f64>,
}

/// One seat of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatStat {
    /// From 1.
    pub seat: usize,
    #[serde(flatten)]
    pub rate: Rate,
    pub mean_total: f64,
}

/// How long games are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Length {
    /// Decisions per game (every move of every seat).
    pub mean_decisions: f64,
    pub min_decisions: u64,
    pub max_decisions: u64,
}

/// How games were won.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Victory {
    pub kind: String,
    pub games: u64,
    pub share: f64,
}

/// A change since the baseline report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// `wonder`, `progress`, `project`, `card`, `seat`.
    pub kind: String,
    pub name: String,
    /// A card's Age; `None` for anything else.
    #[serde(default)]
    pub age: Option<u8>,
    /// `win_rate`, `built_rate`, `win_rate_built`.
    pub metric: String,
    pub before: f64,
    pub after: f64,
    pub change: f64,
    /// The change in standard errors (two-proportion z).
    pub z: f64,
    /// `|z| >= 3`: more than the noise.
    pub flagged: bool,
}

/// The comparison with a baseline report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// The path it was read from.
    pub path: String,
    pub games: u64,
    /// Every change compared, the flagged first, then by |z|.
    pub changes: Vec<Change>,
}

/// The whole report (`report.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game's name and title, the expansions and edition in play.
    pub game: String,
    pub title: String,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub bots: Vec<String>,
    pub seconds: f64,
    pub games_per_sec: f64,
    /// The even win rate (1 / players).
    pub even: f64,
    /// The scoring categories, in the game's order.
    pub categories: Vec<String>,
    /// Per wonder (and side), progress token, project: sorted by kind, then
    /// win rate, highest first.
    pub labels: Vec<LabelStat>,
    /// Per card: sorted by Age, then lift, highest first.
    pub cards: Vec<CardStat>,
    pub seats: Vec<SeatStat>,
    pub length: Length,
    pub victories: Vec<Victory>,
    /// Seat-games per final total: `[total, count]`.
    pub totals: Vec<(i32, u64)>,
    pub baseline: Option<Baseline>,
    /// The precision, in points, the rates' `games_needed` are for.
    #[serde(default = "default_precision")]
    pub precision: f64,
    /// The kinds dealt apart from played, with the game's words.
    #[serde(default)]
    pub dealt_kinds: Vec<DealtKind>,
    /// Why a run of `--until-precise` stopped; `None` for a run of
    /// `--games`.
    #[serde(default)]
    pub stop: Option<Stop>,
}

fn default_precision() -> f64 {
    DEFAULT_PRECISION
}

impl Report {
    /// The report of `tally`, played as `opts` said, in `seconds`.
    pub fn new(
        info: &'static GameInfo,
        victories: &[&str],
        opts: &SimOptions,
        tally: &Tally,
        seconds: f64,
    ) -> Report {
        let players = tally.seat_wins.len().max(1);
        let even = 1.0 / players as f64;
        let seat_games = tally.games * players as u64;
        // The categories of the card sets in play only (a composed game's
        // list holds the whole family's).
        let shown = categories_in_play(info);
        let categories: Vec<String> = shown
            .iter()
            .map(|&i| info.categories[i].to_string())
            .collect();
        let mut labels: Vec<LabelStat> = tally
            .labels
            .iter()
            .map(|((kind, name), a)| {
                let n = a.n.max(1) as f64;
                let dealt_kind = tally.dealt_kinds.iter().any(|(k, _, _)| k == kind);
                LabelStat {
                    kind: kind.clone(),
                    name: name.clone(),
                    rate: Rate::new(a.wins, a.n, even),
                    dealt: dealt_kind.then(|| Rate::new(a.dealt_wins, a.dealt, even)),
                    played_share: (dealt_kind && a.dealt > 0)
                        .then(|| round(ratio(a.n as f64, a.dealt as f64), 4)),
                    points: shown
                        .iter()
                        .map(|&i| round(a.points.get(i).copied().unwrap_or(0) as f64 / n, 2))
                        .collect(),
                    mean_total: round(a.total as f64 / n, 2),
                }
            })
            .collect();
        // Kinds in the order the game gives them, then by win rate.
        let kind_order = |k: &str| tally.kinds.iter().position(|x| x == k);
        labels.sort_by(|a, b| {
            kind_order(&a.kind)
                .cmp(&kind_order(&b.kind))
                .then(b.rate.win_rate.total_cmp(&a.rate.win_rate))
                .then(a.name.cmp(&b.name))
        });
        // Every card that can be dealt, built or not, and any card built.
        let empty = CardAcc::default();
        // Cards dealt to keep: those of the draft, when the game reports
        // them apart.
        let kept = tally.dealt_kinds.iter().any(|(k, _, _)| k == "card");
        let drafted = |id: u16, a: &CardAcc| {
            kept && (a.dealt > 0
                || info.cards.get(usize::from(id)).is_some_and(|c| {
                    info.draft
                        .is_some_and(|d| d.colour == c.colour && c.age == 0)
                }))
        };
        let mut ids = dealable(info, players, &opts.setup.options);
        ids.extend(tally.cards.keys().copied());
        ids.sort_unstable();
        ids.dedup();
        let mut cards: Vec<CardStat> = ids
            .into_iter()
            .filter_map(|id| {
                let a = tally.cards.get(&id).unwrap_or(&empty);
                let c = info.cards.get(usize::from(id))?;
                let not = seat_games.saturating_sub(a.built);
                let wins_not = tally.wins.saturating_sub(a.wins);
                let (low, high) = wilson(a.wins, a.built);
                let wb = ratio(a.wins as f64, a.built as f64);
                let wn = ratio(wins_not as f64, not as f64);
                let tb = ratio(a.total as f64, a.built as f64);
                let tn = ratio((tally.total - a.total) as f64, not as f64);
                let some = |v: f64, d: i32| (a.built > 0).then(|| round(v, d));
                Some(CardStat {
                    name: c.name.to_string(),
                    age: c.age,
                    colour: info
                        .colours
                        .get(usize::from(c.colour.0))
                        .map_or("", |s| s)
                        .to_string(),
                    built: a.built,
                    built_rate: round(ratio(a.built as f64, seat_games as f64), 4),
                    never_built: a.built == 0,
                    few: a.built < MIN_SAMPLE,
                    dealt: drafted(id, a).then(|| Rate::new(a.dealt_wins, a.dealt, even)),
                    built_share: (drafted(id, a) && a.dealt > 0)
                        .then(|| round(ratio(a.built as f64, a.dealt as f64), 4)),
                    copies: some(ratio(a.copies as f64, a.built as f64), 2),
                    win_rate_built: some(wb, 4),
                    low: some(low, 4),
                    high: some(high, 4),
                    win_rate_not: round(wn, 4),
                    lift: some(wb - wn, 4),
                    mean_total_built: some(tb, 2),
                    mean_total_not: round(tn, 2),
                    points_lift: some(tb - tn, 2),
                })
            })
            .collect();
        // By Age; the ranked cards first, most effective first, then those
        // of too few games.
        let lift = |c: &CardStat| c.lift.unwrap_or(f64::NEG_INFINITY);
        cards.sort_by(|a, b| {
            a.age
                .cmp(&b.age)
                .then(a.few.cmp(&b.few))
                .then(lift(b).total_cmp(&lift(a)))
                .then(a.name.cmp(&b.name))
        });
        let seats = (0..tally.seat_wins.len())
            .map(|s| SeatStat {
                seat: s + 1,
                rate: Rate::new(tally.seat_wins[s], tally.games, even),
                mean_total: round(ratio(tally.seat_totals[s] as f64, tally.games as f64), 2),
            })
            .collect();
        let games = tally.games.max(1) as f64;
        let mut kinds: Vec<String> = victories.iter().map(|v| v.to_string()).collect();
        for k in tally.victories.keys() {
            if !kinds.contains(k) {
                kinds.push(k.clone());
            }
        }
        let victories = kinds
            .into_iter()
            .map(|kind| {
                let g = tally.victories.get(&kind).copied().unwrap_or(0);
                Victory {
                    kind,
                    games: g,
                    share: round(g as f64 / games, 4),
                }
            })
            .collect();
        let mut report = Report {
            game: info.name.to_string(),
            title: info.title.to_string(),
            players,
            games: tally.games,
            seed: opts.setup.seed,
            bots: opts.bots.iter().map(|b| b.to_string()).collect(),
            seconds: round(seconds, 2),
            games_per_sec: round(ratio(tally.games as f64, seconds), 2),
            even: round(even, 4),
            categories,
            labels,
            cards,
            seats,
            length: Length {
                mean_decisions: round(tally.decisions as f64 / games, 2),
                min_decisions: tally.min_decisions,
                max_decisions: tally.max_decisions,
            },
            victories,
            totals: tally.totals.iter().map(|(&k, &v)| (k, v)).collect(),
            baseline: None,
            precision: DEFAULT_PRECISION,
            dealt_kinds: tally
                .dealt_kinds
                .iter()
                .map(|(kind, dealt, played)| DealtKind {
                    kind: kind.clone(),
                    dealt: dealt.clone(),
                    played: played.clone(),
                })
                .collect(),
            stop: None,
        };
        report.set_precision(DEFAULT_PRECISION);
        report
    }

    /// Counts every rate's [`Rate::games_needed`] for ±`points` points.
    pub fn set_precision(&mut self, points: f64) {
        self.precision = points;
        let games = self.games;
        for l in &mut self.labels {
            l.rate.need(games, points);
            if let Some(d) = &mut l.dealt {
                d.need(games, points);
            }
        }
        for s in &mut self.seats {
            s.rate.need(games, points);
        }
        for c in &mut self.cards {
            if let Some(d) = &mut c.dealt {
                d.need(games, points);
            }
        }
    }

    /// The dealt and played words of `kind`, if it is dealt apart from
    /// played.
    pub fn dealt_words(&self, kind: &str) -> Option<&DealtKind> {
        self.dealt_kinds.iter().find(|d| d.kind == kind)
    }

    /// Every rate a report flags, with its subject's words: the labels'
    /// (played, and dealt where apart), the seats', and the win rates of
    /// the cards dealt to keep.
    pub fn rates(&self) -> Vec<(String, &Rate)> {
        let mut v = Vec::new();
        for l in &self.labels {
            match (self.dealt_words(&l.kind), &l.dealt) {
                (Some(w), Some(d)) => {
                    v.push((format!("{} {} {}", l.kind, l.name, w.played), &l.rate));
                    v.push((format!("{} {} {}", l.kind, l.name, w.dealt), d));
                }
                _ => v.push((format!("{} {}", l.kind, l.name), &l.rate)),
            }
        }
        for s in &self.seats {
            v.push((format!("seat {}", s.seat), &s.rate));
        }
        if let Some(w) = self.dealt_words("card") {
            for c in &self.cards {
                if let Some(d) = &c.dealt {
                    let name = self.card_label(&c.name, c.age);
                    v.push((format!("card {name} {}", w.dealt), d));
                }
            }
        }
        v
    }

    /// Compares with an earlier report (`path` is only recorded).
    pub fn compare(&mut self, old: &Report, path: &str) {
        let mut changes = Vec::new();
        let mut push = |(kind, name, age): (&str, &str, Option<u8>),
                        metric: &str,
                        a: (f64, u64),
                        b: (f64, u64)| {
            let (p0, n0) = a;
            let (p1, n1) = b;
            if n0 == 0 || n1 == 0 {
                return;
            }
            // The pooled standard error of the difference.
            let p = (p0 * n0 as f64 + p1 * n1 as f64) / (n0 + n1) as f64;
            let se = (p * (1.0 - p) * (1.0 / n0 as f64 + 1.0 / n1 as f64)).sqrt();
            let z = if se > 0.0 { (p1 - p0) / se } else { 0.0 };
            changes.push(Change {
                kind: kind.to_string(),
                name: name.to_string(),
                age,
                metric: metric.to_string(),
                before: p0,
                after: p1,
                change: round(p1 - p0, 4),
                z: round(z, 2),
                flagged: z.abs() >= CHANGE_Z,
            });
        };
        for l in &self.labels {
            if let Some(o) = old
                .labels
                .iter()
                .find(|o| o.kind == l.kind && o.name == l.name)
            {
                push(
                    (&l.kind, &l.name, None),
                    "win_rate",
                    (o.rate.win_rate, o.rate.n),
                    (l.rate.win_rate, l.rate.n),
                );
                if let (Some(a), Some(b)) = (&o.dealt, &l.dealt) {
                    push(
                        (&l.kind, &l.name, None),
                        "win_rate_dealt",
                        (a.win_rate, a.n),
                        (b.win_rate, b.n),
                    );
                }
            }
        }
        let old_seat_games = old.games * old.players as u64;
        let seat_games = self.games * self.players as u64;
        for c in &self.cards {
            if let Some(o) = old
                .cards
                .iter()
                .find(|o| o.name == c.name && o.age == c.age)
            {
                let card = ("card", c.name.as_str(), Some(c.age));
                push(
                    card,
                    "built_rate",
                    (o.built_rate, old_seat_games),
                    (c.built_rate, seat_games),
                );
                if let (Some(before), Some(after)) = (o.win_rate_built, c.win_rate_built) {
                    push(card, "win_rate_built", (before, o.built), (after, c.built));
                }
            }
        }
        for s in &self.seats {
            if let Some(o) = old.seats.iter().find(|o| o.seat == s.seat) {
                push(
                    ("seat", &s.seat.to_string(), None),
                    "win_rate",
                    (o.rate.win_rate, o.rate.n),
                    (s.rate.win_rate, s.rate.n),
                );
            }
        }
        changes.sort_by(|a, b| {
            b.flagged
                .cmp(&a.flagged)
                .then(b.z.abs().total_cmp(&a.z.abs()))
                .then(a.name.cmp(&b.name))
        });
        self.baseline = Some(Baseline {
            path: path.to_string(),
            games: old.games,
            changes,
        });
    }
}

impl Report {
    /// A card's label in the page and the summary: its name, and its Age
    /// when a card of that name is also in another Age (`Press (Age II)`).
    pub fn card_label(&self, name: &str, age: u8) -> String {
        if self.cards.iter().any(|c| c.name == name && c.age != age) {
            format!("{name} ({})", age_name(age))
        } else {
            name.to_string()
        }
    }

    /// The label of a change's subject: a card's with its Age when needed.
    pub fn change_label(&self, c: &Change) -> String {
        match c.age {
            Some(age) if c.kind == "card" => self.card_label(&c.name, age),
            _ => c.name.clone(),
        }
    }
}

/// `Age I`, `Age II`, `Age III`; `no Age` for 0.
pub fn age_name(age: u8) -> String {
    match age {
        0 => "no Age".to_string(),
        1 => "Age I".to_string(),
        2 => "Age II".to_string(),
        3 => "Age III".to_string(),
        n => format!("Age {n}"),
    }
}

/// The cards of the card sets in play that can be dealt to `players`: a
/// card with copies from that player count or fewer; a card drawn by the
/// guild rule; a card of a deck (Architects); a card of the draft
/// (Leaders), the expert ones only when an option asks for `all`. Not the
/// projects (Edifice), which are joined, not built.
pub fn dealable(info: &GameInfo, players: usize, options: &[(String, String)]) -> Vec<u16> {
    let all = options
        .iter()
        .any(|(_, v)| v.trim().eq_ignore_ascii_case("all"));
    let in_deck = |id: usize| {
        info.decks.iter().any(|d| {
            d.cards
                .iter()
                .any(|&(c, n)| usize::from(c.0) == id && n > 0)
        })
    };
    info.cards
        .iter()
        .enumerate()
        .filter(|&(id, c)| {
            if info.projects.is_some_and(|p| p.colour == c.colour) {
                return false;
            }
            if c.expert && !all {
                return false;
            }
            if !c.copies.is_empty() {
                return c.copies.iter().any(|&p| usize::from(p) <= players);
            }
            in_deck(id)
                || info
                    .guilds
                    .is_some_and(|g| g.colour == c.colour && g.age == c.age)
                || info
                    .draft
                    .is_some_and(|d| d.colour == c.colour && c.age == 0)
        })
        .map(|(id, _)| id as u16)
        .collect()
}
