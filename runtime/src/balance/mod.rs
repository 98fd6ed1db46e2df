//! `sevenw balance`: many games played by bots, and what they say about the
//! cards — a report for designers, as JSON ([`Report`]) and as one
//! self-contained HTML page (written by the `sevenw-cli` crate).
//!
//! Like `sim`, game `i` is seeded from the master seed and `i` alone and the
//! games are folded into whole-number sums ([`Tally`]), so the report does
//! not depend on the number of threads. Rates come with Wilson 95% score
//! intervals; a rate is flagged when its interval leaves out the even rate
//! (one seat in `players`). Against an earlier report (`--baseline`) a
//! change is flagged when a two-proportion z-test puts it at 3 standard
//! errors or more: with a hundred cards compared, 1.96 would flag about five
//! by chance alone.
//!
//! Each rate also says how many games of the run would bring its interval
//! within ±`precision` points ([`games_needed`]), and [`play_until`] plays
//! until every judged interval is that narrow ([`precise`]), or a budget
//! runs out.

use std::collections::BTreeMap;

use crate::bots::{Bot, Bots};
use crate::game::{Game, Observer, Setup, play_out};
use crate::sim::{
    SimError, SimOptions, Spares, Statistics, Tag, Teller, add, game_seed, in_chunks, start_in,
};

mod precise;
mod report;

pub use precise::{Budget, Progress, Stop, Stopped, play_until, precise};
pub use report::*;

/// The most games one task plays before it reports ([`crate::sim::chunk_size`]).
const CHUNK: u64 = 8;

/// z for a 95% interval.
const Z95: f64 = 1.959_964;

/// How many standard errors make a change from the baseline more than noise.
pub const CHANGE_Z: f64 = 3.0;

/// The fewest seat-games a rate needs to be a finding: a wonder's win rate
/// flagged, a card ranked among the most or least effective. At 30 the
/// Wilson 95% interval of an even rate is still about ±17 points wide;
/// below it a rate is shown but marked "too few games".
pub const MIN_SAMPLE: u64 = 30;

/// The precision, in points of win rate, the report counts the games for
/// when not asked another (`--until-precise`).
pub const DEFAULT_PRECISION: f64 = 1.0;

/// A label's games: seats that played it, those that won, points; and,
/// for a kind dealt apart from played ([`Statistics::dealt_kinds`]), the
/// seats dealt it and those of them that won.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LabelAcc {
    pub n: u64,
    pub wins: u64,
    pub points: Vec<i64>,
    pub total: i64,
    pub dealt: u64,
    pub dealt_wins: u64,
}

impl LabelAcc {
    /// Adds `o`'s games to these.
    fn absorb(&mut self, o: &LabelAcc) {
        self.n += o.n;
        self.wins += o.wins;
        self.total += o.total;
        add(&mut self.points, &o.points);
        self.dealt += o.dealt;
        self.dealt_wins += o.dealt_wins;
    }
}

/// A card's games: seats that built it, of those the winners, their totals,
/// and copies built in all; for a card dealt to keep (the kind `card` of
/// [`Statistics::dealt_kinds`]), the seats dealt it and of those the
/// winners.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CardAcc {
    pub built: u64,
    pub wins: u64,
    pub total: i64,
    pub copies: u64,
    pub dealt: u64,
    pub dealt_wins: u64,
}

/// Sums over the games played: merged across threads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub decisions: u64,
    pub min_decisions: u64,
    pub max_decisions: u64,
    /// Games per number of decisions.
    pub lengths: BTreeMap<u64, u64>,
    pub victories: BTreeMap<String, u64>,
    /// Per seat: wins (ties count for each winner) and totals.
    pub seat_wins: Vec<u64>,
    pub seat_totals: Vec<i64>,
    /// Seat-games won, and their totals, in all.
    pub wins: u64,
    pub total: i64,
    pub labels: BTreeMap<(String, String), LabelAcc>,
    /// The labels' kinds in the order the game first gave them
    /// ([`Statistics::kinds`], then [`Statistics::played_with`]): the
    /// report lists them in this order.
    pub kinds: Vec<String>,
    /// The kinds dealt apart from played, with the game's words for both
    /// ([`Statistics::dealt_kinds`]).
    pub dealt_kinds: Vec<(String, String, String)>,
    pub cards: BTreeMap<u16, CardAcc>,
    /// Seat-games per final total.
    pub totals: BTreeMap<i32, u64>,
}

impl Tally {
    /// The sums of two sets of games: those of `self` first (the kinds
    /// keep the order they first came in).
    pub fn merge(mut self, o: Tally) -> Tally {
        if o.games > 0 {
            self.min_decisions = if self.games == 0 {
                o.min_decisions
            } else {
                self.min_decisions.min(o.min_decisions)
            };
            self.max_decisions = self.max_decisions.max(o.max_decisions);
        }
        self.games += o.games;
        self.decisions += o.decisions;
        for (k, v) in o.lengths {
            *self.lengths.entry(k).or_default() += v;
        }
        for (k, v) in o.victories {
            *self.victories.entry(k).or_default() += v;
        }
        add(&mut self.seat_wins, &o.seat_wins);
        add(&mut self.seat_totals, &o.seat_totals);
        self.wins += o.wins;
        self.total += o.total;
        for k in o.kinds {
            if !self.kinds.contains(&k) {
                self.kinds.push(k);
            }
        }
        for k in o.dealt_kinds {
            if !self.dealt_kinds.contains(&k) {
                self.dealt_kinds.push(k);
            }
        }
        for (k, v) in o.labels {
            self.labels.entry(k).or_default().absorb(&v);
        }
        for (k, v) in o.cards {
            let e = self.cards.entry(k).or_default();
            e.built += v.built;
            e.wins += v.wins;
            e.total += v.total;
            e.copies += v.copies;
            e.dealt += v.dealt;
            e.dealt_wins += v.dealt_wins;
        }
        for (k, v) in o.totals {
            *self.totals.entry(k).or_default() += v;
        }
        self
    }

    /// The kinds and tags the game can give with `setup`, each with a
    /// label, played or not: a report lists every one.
    pub(crate) fn know<G: Statistics>(&mut self, game: &G, setup: &Setup) {
        for &k in game.kinds() {
            if !self.kinds.iter().any(|x| x == k) {
                self.kinds.push(k.to_string());
            }
        }
        for &(k, d, p) in game.dealt_kinds() {
            let k = (k.to_string(), d.to_string(), p.to_string());
            if !self.dealt_kinds.contains(&k) {
                self.dealt_kinds.push(k);
            }
        }
        let mut every = Vec::new();
        game.every_tag(setup, &mut every);
        for tag in every {
            if !self.kinds.iter().any(|x| x == tag.kind) {
                self.kinds.push(tag.kind.to_string());
            }
            self.labels
                .entry((tag.kind.to_string(), tag.label()))
                .or_default();
        }
    }
}

/// Counts decisions.
struct Count(u64);

impl<G: Game> Observer<G> for Count {
    fn applied(&mut self, _g: &G, _s: &G::State, _seat: usize, _mv: &G::Move) {
        self.0 += 1;
    }

    fn reads_moves(&self) -> bool {
        false
    }
}

/// What one chunk of games keeps from game to game: the state (started
/// again in place), the setup, the bots, and the labels' sums by tag
/// (their words are written once per chunk, into the [`Tally`]), so that
/// a game allocates nothing of its own.
struct Chunk<G: Game> {
    state: Option<G::State>,
    setup: Setup,
    bots: Vec<Bot<G>>,
    labels: BTreeMap<Tag, LabelAcc>,
    tags: Vec<Tag>,
    cards: Vec<sevenw_host::CardId>,
}

impl<G: Game> Chunk<G> {
    fn new(opts: &SimOptions, state: Option<G::State>) -> Self {
        Chunk {
            state,
            setup: opts.setup.clone(),
            bots: Vec::with_capacity(opts.bots.len()),
            labels: BTreeMap::new(),
            tags: Vec::new(),
            cards: Vec::new(),
        }
    }

    /// The labels' sums into `t`, under their words.
    fn label_into(&mut self, t: &mut Tally) {
        for (tag, acc) in std::mem::take(&mut self.labels) {
            t.labels
                .entry((tag.kind.to_string(), tag.label()))
                .or_default()
                .absorb(&acc);
        }
    }
}

fn one<G: Statistics>(
    game: &G,
    makers: Bots<G>,
    opts: &SimOptions,
    i: u64,
    t: &mut Tally,
    chunk: &mut Chunk<G>,
) -> Result<(), SimError> {
    let seed = game_seed(opts.setup.seed, i);
    chunk.setup.seed = seed;
    let state = start_in(game, &chunk.setup, &mut chunk.state).map_err(SimError::Setup)?;
    makers
        .table_into(game, &opts.bots, seed, &mut chunk.bots)
        .map_err(SimError::Setup)?;
    let mut count = Count(0);
    let out = play_out(game, state, &mut chunk.bots, &mut count)
        .map_err(|error| SimError::Play { game: i, error })?;
    let state = &*state;
    let d = count.0;
    t.min_decisions = if t.games == 0 {
        d
    } else {
        t.min_decisions.min(d)
    };
    t.max_decisions = t.max_decisions.max(d);
    t.games += 1;
    t.decisions += d;
    *t.lengths.entry(d).or_default() += 1;
    match t.victories.get_mut(out.victory) {
        Some(n) => *n += 1,
        None => {
            t.victories.insert(out.victory.to_string(), 1);
        }
    }
    let n = out.scores.len();
    if t.seat_wins.len() < n {
        t.seat_wins.resize(n, 0);
        t.seat_totals.resize(n, 0);
    }
    let (labels, cards) = (&mut chunk.tags, &mut chunk.cards);
    for (seat, score) in out.scores.iter().enumerate() {
        let won = u64::from(out.winners.contains(&seat));
        let total = i64::from(score.total);
        t.seat_wins[seat] += won;
        t.seat_totals[seat] += total;
        t.wins += won;
        t.total += total;
        *t.totals.entry(score.total).or_default() += 1;
        labels.clear();
        game.played_with(state, seat, labels);
        for tag in labels.drain(..) {
            let kind = tag.kind;
            if !t.kinds.iter().any(|k| k == kind) {
                t.kinds.push(kind.to_string());
            }
            let e = chunk.labels.entry(tag).or_default();
            e.n += 1;
            e.wins += won;
            e.total += total;
            if e.points.len() < score.points.len() {
                e.points.resize(score.points.len(), 0);
            }
            for (a, &p) in e.points.iter_mut().zip(&score.points) {
                *a += i64::from(p);
            }
        }
        game.dealt_with(state, seat, labels);
        for tag in labels.drain(..) {
            let e = chunk.labels.entry(tag).or_default();
            e.dealt += 1;
            e.dealt_wins += won;
        }
        cards.clear();
        cards.extend_from_slice(game.built(state, seat));
        cards.sort_unstable();
        let mut k = 0;
        while k < cards.len() {
            let c = cards[k];
            let same = cards[k..].iter().take_while(|&&x| x == c).count();
            let e = t.cards.entry(c.0).or_default();
            e.built += 1;
            e.wins += won;
            e.total += total;
            e.copies += same as u64;
            k += same;
        }
        cards.clear();
        game.dealt_cards(state, seat, cards);
        cards.sort_unstable();
        cards.dedup();
        for c in cards.iter() {
            let e = t.cards.entry(c.0).or_default();
            e.dealt += 1;
            e.dealt_wins += won;
        }
    }
    Ok(())
}

/// Plays `opts.games` games and sums them; `progress` is told how many more
/// have ended, now and then, from any thread. Every tag the game can give
/// has a label, played or not ([`Statistics::every_tag`]).
pub fn play<G: Statistics>(
    game: &G,
    bots: Bots<G>,
    opts: &SimOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SimError> {
    let mut t = play_part(game, bots, opts, 0..opts.games, progress)?;
    t.know(game, &opts.setup);
    Ok(t)
}

/// Plays games `games` of the run `opts` describes (game `i` seeded as in
/// a run of its own) and sums them, for a part of a run whose other parts
/// are played elsewhere ([`crate::parts`]): `play`'s sums are those of the
/// parts merged in game order and completed by [`Tally::know`].
pub fn play_part<G: Statistics>(
    game: &G,
    bots: Bots<G>,
    opts: &SimOptions,
    games: std::ops::Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SimError> {
    game.start(&opts.setup).map_err(SimError::Setup)?;
    bots.check(game, &opts.bots).map_err(SimError::Setup)?;
    play_games(game, bots, opts, games, progress)
}

/// Plays games `games` of a run seeded `opts.setup.seed` and sums them:
/// the sums of `0..a` and `a..b` merged are those of `0..b`.
fn play_games<G: Statistics>(
    game: &G,
    bots: Bots<G>,
    opts: &SimOptions,
    games: std::ops::Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SimError> {
    // A chunk's state goes on to the next chunk, as in `sim`.
    let spares = Spares::default();
    in_chunks(
        opts,
        games,
        CHUNK,
        progress,
        Tally::merge,
        &|games, progress| {
            let mut teller = Teller::new(progress);
            let mut t = Tally::default();
            let mut chunk = Chunk::new(opts, spares.take());
            for i in games {
                one(game, bots, opts, i, &mut t, &mut chunk)?;
                teller.ended();
            }
            chunk.label_into(&mut t);
            if let Some(state) = chunk.state {
                spares.give(state);
            }
            Ok(t)
        },
    )
}

/// The Wilson score interval of `wins` in `n` at 95%.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let d = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / d;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn round(v: f64, digits: i32) -> f64 {
    let m = 10f64.powi(digits);
    (v * m).round() / m
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { 0.0 }
}

/// Half the width of the Wilson 95% interval of a rate `p` over `n` seats
/// (before clipping to 0..1).
fn half_width(p: f64, n: f64) -> f64 {
    let z2 = Z95 * Z95;
    Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n)
}

/// The games of the run after which a rate of `wins` in `n` seats, seen in
/// `games` games, would have a Wilson 95% interval within ±`points`
/// points (half its width at most `points` / 100): the fewest seats `m`
/// for which the interval of the same rate is that narrow, times the games
/// per seat so far (`games / n`), assuming the rate and the share of games
/// in which it is played stay as they are. `None` without a seat or game,
/// or for a precision of no width. Some 9,600 seats for an even rate at
/// ±1 point.
pub fn games_needed(wins: u64, n: u64, games: u64, points: f64) -> Option<u64> {
    if n == 0 || games == 0 || points.is_nan() || points <= 0.0 {
        return None;
    }
    let p = wins as f64 / n as f64;
    let h = points / 100.0;
    // The half width falls as seats are added: the least m, by doubling
    // then halving.
    let ok = |m: u64| half_width(p, m as f64) <= h;
    let mut hi = 1u64;
    while !ok(hi) {
        if hi >= 1 << 50 {
            return None;
        }
        hi *= 2;
    }
    let mut lo = hi / 2;
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) { hi = mid } else { lo = mid }
    }
    let g = (hi as f64 * games as f64 / n as f64).ceil();
    Some(if g >= u64::MAX as f64 {
        u64::MAX
    } else {
        g as u64
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chunk plays its games in one state, started again in place, and
    /// sums its labels by tag: its tallies are those of each game played
    /// alone in a fresh state (a part of one game), merged, on any number
    /// of threads.
    #[test]
    fn a_tally_is_that_of_its_games_played_alone() {
        let info = crate::select(sevenw_cards::GAMES, "architects", None, &[]).unwrap();
        let game = crate::games::architects::Architects::new(info).unwrap();
        let opts = |threads| SimOptions {
            setup: Setup {
                players: Some(3),
                seed: 5,
                ..Setup::default()
            },
            bots: vec![crate::bots::BotKind::Random; 3],
            games: 200,
            threads,
            check: false,
        };
        let bots = Bots::new();
        let whole = play(&game, bots, &opts(1), &|_| {}).unwrap();
        for threads in [2, 3] {
            assert_eq!(play(&game, bots, &opts(threads), &|_| {}).unwrap(), whole);
        }
        let mut alone = Tally::default();
        for i in 0..200 {
            let part = play_part(&game, bots, &opts(1), i..i + 1, &|_| {}).unwrap();
            alone = alone.merge(part);
        }
        alone.know(&game, &opts(1).setup);
        assert_eq!(alone, whole);
        assert_eq!(whole.games, 200);
        assert!(whole.labels.values().any(|l| l.n > 0 && l.dealt == 0));
    }

    #[test]
    fn wilson_intervals() {
        let (l, h) = wilson(50, 100);
        assert!((l - 0.4038).abs() < 1e-3 && (h - 0.5962).abs() < 1e-3);
        let (l, h) = wilson(0, 10);
        assert_eq!(l, 0.0);
        assert!((h - 0.2775).abs() < 1e-3);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert!(Rate::new(90, 100, 0.5).flagged);
        assert!(!Rate::new(55, 100, 0.5).flagged);
    }

    #[test]
    fn a_rate_of_too_few_seats_is_never_flagged() {
        // 0 wins in 10: the interval (0–27.8%) leaves out 50%, but 10 seats
        // are too few to call it a finding.
        let r = Rate::new(0, 10, 0.5);
        assert!(r.few && !r.flagged);
        let r = Rate::new(1, 2, 0.5);
        assert!(r.few && !r.flagged);
        let r = Rate::new(0, MIN_SAMPLE, 0.5);
        assert!(!r.few && r.flagged);
    }

    #[test]
    fn the_games_needed_narrow_the_interval_to_the_precision() {
        // An even rate needs some 9,600 seats for ±1 point: in a game of
        // 2 seats where it is played by every seat, 4,800 games.
        let m = games_needed(500, 1_000, 1_000, 1.0).unwrap();
        assert!((9_500..9_700).contains(&m), "{m}");
        let g = games_needed(500, 1_000, 500, 1.0).unwrap();
        assert!((4_750..4_850).contains(&g), "{g}");
        // With that many seats the interval is within ±1 point, with one
        // fewer it is not.
        let (l, h) = wilson(m / 2, m);
        assert!((h - l) / 2.0 <= 0.01 + 1e-9, "{l} {h}");
        let (l, h) = wilson((m - 2) / 2, m - 2);
        assert!((h - l) / 2.0 > 0.01, "{l} {h}");
        // A rare thing (a seat in ten plays it) needs ten times the games.
        let rare = games_needed(50, 100, 1_000, 1.0).unwrap();
        assert!((95_000..97_000).contains(&rare), "{rare}");
        // A lopsided rate needs fewer seats; a wider precision far fewer.
        assert!(games_needed(100, 1_000, 1_000, 1.0).unwrap() < m);
        assert!(games_needed(500, 1_000, 1_000, 5.0).unwrap() < 400);
        // Already precise: no more games than played.
        assert!(games_needed(5_000, 10_000, 10_000, 1.0).unwrap() <= 10_000);
        assert_eq!(games_needed(0, 0, 10, 1.0), None);
        assert_eq!(games_needed(1, 2, 0, 1.0), None);
        assert_eq!(games_needed(1, 2, 3, 0.0), None);
        assert_eq!(games_needed(1, 2, 3, f64::NAN), None);
    }
}
