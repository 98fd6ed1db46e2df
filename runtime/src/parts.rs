//! A run of `sim` or `balance` cut into parts played apart (other
//! processes, other machines: the Python package's Ray tasks), each part's
//! sums written as a JSON document and the documents merged into the sums
//! of the whole run.
//!
//! Game `i` of a run is seeded from the run's seed and `i` alone
//! ([`crate::sim::game_seed`]), and sums merge exactly (counts and totals in
//! integers), so the merged sums equal those of the run played at once,
//! whatever the parts. A part names its run (game, set-up, bots, games in
//! all) and its range of games; [`merge_sim`] and [`merge_balance`] refuse
//! parts of another run, and parts that leave a game out or count one
//! twice: a task retried after a lost worker cannot change the result.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::balance::{CardAcc, LabelAcc, Tally};
use crate::engine::city::MAX_CATEGORIES;
use crate::sim::{SimOptions, Stats};
use crate::statistics::{Statistics, Tag};

/// The version of the part documents: a merge refuses another.
pub const VERSION: u32 = 1;

/// What every part says of itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Head {
    /// `sim` or `balance`.
    kind: String,
    version: u32,
    /// The run: the game, its set-up, the bots, the games in all.
    run: String,
    /// The games of the run it sums.
    start: u64,
    end: u64,
}

fn head(kind: &str, info_name: &str, opts: &SimOptions, games: &Range<u64>) -> Head {
    let bots: Vec<String> = opts.bots.iter().map(|b| b.to_string()).collect();
    Head {
        kind: kind.to_string(),
        version: VERSION,
        run: format!(
            "{info_name} {:?} bots {} games {}",
            opts.setup,
            bots.join(","),
            opts.games
        ),
        start: games.start,
        end: games.end,
    }
}

/// A part's head alone, read before the rest.
#[derive(Deserialize)]
struct HeadOnly {
    head: Head,
}

/// `sim`'s sums of a part.
#[derive(Serialize, Deserialize)]
struct SimPart {
    head: Head,
    games: u64,
    decisions: u64,
    points: Vec<i64>,
    seat_totals: Vec<i64>,
    seat_wins: Vec<u64>,
    shared: u64,
    victories: Vec<(String, u64)>,
    /// Kind, name, side, seats that played it, winners among them.
    tags: Vec<(String, String, Option<String>, u64, u64)>,
}

/// `balance`'s sums of a part.
#[derive(Serialize, Deserialize)]
struct BalancePart {
    head: Head,
    games: u64,
    decisions: u64,
    min_decisions: u64,
    max_decisions: u64,
    lengths: Vec<(u64, u64)>,
    victories: Vec<(String, u64)>,
    seat_wins: Vec<u64>,
    seat_totals: Vec<i64>,
    wins: u64,
    total: i64,
    labels: Vec<((String, String), LabelAcc)>,
    kinds: Vec<String>,
    dealt_kinds: Vec<(String, String, String)>,
    cards: Vec<(u16, CardAcc)>,
    totals: Vec<(i32, u64)>,
}

/// Why parts cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartError(pub String);

impl std::fmt::Display for PartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PartError {}

fn err(m: impl Into<String>) -> PartError {
    PartError(m.into())
}

/// `sim`'s sums `stats` of the games `games` of the run `opts`, as a part.
pub fn sim_part<G: Statistics>(
    game: &G,
    opts: &SimOptions,
    games: Range<u64>,
    stats: &Stats,
) -> String {
    let part = SimPart {
        head: head("sim", game.info().name, opts, &games),
        games: stats.games,
        decisions: stats.decisions,
        points: stats.points.to_vec(),
        seat_totals: stats.seat_totals.clone(),
        seat_wins: stats.seat_wins.clone(),
        shared: stats.shared,
        victories: (stats.victories.iter())
            .map(|(k, &n)| (k.to_string(), n))
            .collect(),
        tags: (stats.tags.iter())
            .map(|(t, &(p, w))| {
                (
                    t.kind.to_string(),
                    t.name.to_string(),
                    t.side.map(str::to_string),
                    p,
                    w,
                )
            })
            .collect(),
    };
    serde_json::to_string(&part).unwrap_or_default()
}

/// `balance`'s sums `tally` of the games `games` of the run `opts`, as a
/// part.
pub fn balance_part<G: Statistics>(
    game: &G,
    opts: &SimOptions,
    games: Range<u64>,
    tally: &Tally,
) -> String {
    let t = tally.clone();
    let part = BalancePart {
        head: head("balance", game.info().name, opts, &games),
        games: t.games,
        decisions: t.decisions,
        min_decisions: t.min_decisions,
        max_decisions: t.max_decisions,
        lengths: t.lengths.into_iter().collect(),
        victories: t.victories.into_iter().collect(),
        seat_wins: t.seat_wins,
        seat_totals: t.seat_totals,
        wins: t.wins,
        total: t.total,
        labels: t.labels.into_iter().collect(),
        kinds: t.kinds,
        dealt_kinds: t.dealt_kinds,
        cards: t.cards.into_iter().collect(),
        totals: t.totals.into_iter().collect(),
    };
    serde_json::to_string(&part).unwrap_or_default()
}

/// Reads each part, checks it belongs to the run `want` names, and orders
/// them by their first game; they must cover the run's games exactly.
fn gather<'p, T: Deserialize<'p>>(
    parts: &'p [String],
    want: &Head,
    games: u64,
    head: fn(&T) -> &Head,
) -> Result<Vec<T>, PartError> {
    let mut read = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let not =
            |e: serde_json::Error| err(format!("part {}: not a {} part ({e})", i + 1, want.kind));
        let h = serde_json::from_str::<HeadOnly>(p).map_err(not)?.head;
        if h.kind != want.kind || h.version != want.version {
            return Err(err(format!(
                "part {}: a {} part of version {}, not a {} part of version {}",
                i + 1,
                h.kind,
                h.version,
                want.kind,
                want.version
            )));
        }
        if h.run != want.run {
            return Err(err(format!(
                "part {}: of another run ({}), not of this one ({})",
                i + 1,
                h.run,
                want.run
            )));
        }
        read.push(serde_json::from_str::<T>(p).map_err(not)?);
    }
    read.sort_by_key(|t| head(t).start);
    let mut next = 0;
    for t in &read {
        let h = head(t);
        if h.start > next {
            return Err(err(format!(
                "games {next} to {} are in no part",
                h.start - 1
            )));
        }
        if h.start < next {
            return Err(err(format!(
                "games {} to {} are in two parts",
                h.start,
                next.min(h.end) - 1
            )));
        }
        next = h.end;
    }
    if next != games {
        return Err(err(if next < games {
            format!("games {next} to {} are in no part", games - 1)
        } else {
            format!("the parts hold {next} games, not the run's {games}")
        }));
    }
    Ok(read)
}

/// The game's static names, to read names back from a part.
fn names<G: Statistics>(game: &G, opts: &SimOptions) -> HashMap<&'static str, &'static str> {
    let mut out: HashMap<&'static str, &'static str> = HashMap::new();
    let mut every = Vec::new();
    game.every_tag(&opts.setup, &mut every);
    let tags = every
        .iter()
        .flat_map(|t| [Some(t.kind), Some(t.name), t.side])
        .flatten();
    for s in (game.victories().iter().copied())
        .chain(game.kinds().iter().copied())
        .chain(tags)
    {
        out.insert(s, s);
    }
    out
}

/// `sim`'s sums of the whole run `opts`, from its parts (in any order).
pub fn merge_sim<G: Statistics>(
    game: &G,
    opts: &SimOptions,
    parts: &[String],
) -> Result<Stats, PartError> {
    let want = head("sim", game.info().name, opts, &(0..opts.games));
    let read: Vec<SimPart> = gather(parts, &want, opts.games, |p: &SimPart| &p.head)?;
    let names = names(game, opts);
    let name = |s: &str| -> Result<&'static str, PartError> {
        names
            .get(s)
            .copied()
            .ok_or_else(|| err(format!("`{s}` is not a name of {}", game.info().title)))
    };
    let mut total = Stats::default();
    for p in read {
        let mut points = [0i64; MAX_CATEGORIES];
        for (a, b) in points.iter_mut().zip(&p.points) {
            *a = *b;
        }
        let mut victories = BTreeMap::new();
        for (k, n) in &p.victories {
            victories.insert(name(k)?, *n);
        }
        let mut tags = BTreeMap::new();
        for (kind, n, side, played, won) in &p.tags {
            let tag = Tag {
                kind: name(kind)?,
                name: name(n)?,
                side: side.as_deref().map(name).transpose()?,
            };
            tags.insert(tag, (*played, *won));
        }
        total = total.merge(Stats {
            games: p.games,
            decisions: p.decisions,
            points,
            seat_totals: p.seat_totals,
            seat_wins: p.seat_wins,
            shared: p.shared,
            victories,
            tags,
        });
    }
    Ok(total)
}

/// `balance`'s sums of the whole run `opts`, from its parts (in any
/// order), completed as a run played at once completes them.
pub fn merge_balance<G: Statistics>(
    game: &G,
    opts: &SimOptions,
    parts: &[String],
) -> Result<Tally, PartError> {
    let want = head("balance", game.info().name, opts, &(0..opts.games));
    let read: Vec<BalancePart> = gather(parts, &want, opts.games, |p: &BalancePart| &p.head)?;
    let mut total = Tally::default();
    for p in read {
        total = total.merge(Tally {
            games: p.games,
            decisions: p.decisions,
            min_decisions: p.min_decisions,
            max_decisions: p.max_decisions,
            lengths: p.lengths.into_iter().collect(),
            victories: p.victories.into_iter().collect(),
            seat_wins: p.seat_wins,
            seat_totals: p.seat_totals,
            wins: p.wins,
            total: p.total,
            labels: p.labels.into_iter().collect(),
            kinds: p.kinds,
            dealt_kinds: p.dealt_kinds,
            cards: p.cards.into_iter().collect(),
            totals: p.totals.into_iter().collect(),
        });
    }
    total.know(game, &opts.setup);
    Ok(total)
}
