//! Many games, on every core: `sevenw sim`.
//!
//! Game `i` of a simulation is seeded from the master seed and `i` alone, its
//! bots too, so the games are the same whatever the number of threads; the
//! statistics are sums of whole numbers, so they are too. Games are played
//! in chunks and folded into [`Stats`] as they end: memory does not grow
//! with the number of games. A chunk's size depends on the number of games
//! alone ([`chunk_size`]): few games make chunks of one game, so that every
//! thread plays even when games are slow. Games are told to the progress
//! bar as they end, a tenth of a second at a time ([`Teller`]), whatever
//! their chunk.

use std::collections::BTreeMap;

use rayon::prelude::*;
use sevenw_host::GameInfo;

use crate::bots::{Bot, BotKind, Bots, Judge};
use crate::engine::city::MAX_CATEGORIES;
use crate::engine::compose::categories_in_play;
use crate::engine::rng::derive;
use crate::game::Broken;
use crate::game::{Game, Observer, Outcome, PlayError, Setup, SetupError, play_out};
use crate::sheet::Sheets;
use crate::soak::{Checks, Invariants, play_checked_with};
/// What a game reports of each game, which `sim` sums.
pub use crate::statistics::{Statistics, Tag};

/// The most games one task plays (fewer when there are few games:
/// [`chunk_size`]).
const CHUNK: u64 = 64;

/// How many chunks a simulation is cut into at least, when it has that
/// many games: enough for every thread of a small machine to get work,
/// even for a few slow games.
const MIN_CHUNKS: u64 = 64;

/// The games per chunk of a simulation of `games` games: `games /
/// MIN_CHUNKS`, at least 1 and at most `cap`. It depends on the number of
/// games only, not on the threads: the chunks, and so the results, are the
/// same on any number of threads.
pub fn chunk_size(games: u64, cap: u64) -> u64 {
    (games / MIN_CHUNKS).clamp(1, cap.max(1))
}

/// What to simulate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimOptions {
    /// The set-up of every game; each game's seed derives from `setup.seed`.
    pub setup: Setup,
    /// One bot kind per seat.
    pub bots: Vec<BotKind>,
    pub games: u64,
    /// Threads to use (1: this thread only).
    pub threads: usize,
    /// Check every invariant after every move, and each game's sheet and
    /// replay at its end ([`crate::soak`]); the first violation stops the
    /// simulation.
    pub check: bool,
}

/// What the games came to, summed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: u64,
    /// Decisions taken in all.
    pub decisions: u64,
    /// Points per category, summed over every seat of every game.
    pub points: [i64; MAX_CATEGORIES],
    /// Totals per seat.
    pub seat_totals: Vec<i64>,
    /// Games won by each seat alone.
    pub seat_wins: Vec<u64>,
    /// Games with several winners.
    pub shared: u64,
    /// Games per kind of victory.
    pub victories: BTreeMap<&'static str, u64>,
    /// Per tag of the game's first kind (a wonder; sides together): seats
    /// that played it, and of those, winners (ties count for each winner).
    pub tags: BTreeMap<Tag, (u64, u64)>,
}

impl Stats {
    /// The sums of two sets of games.
    pub fn merge(mut self, o: Stats) -> Stats {
        self.games += o.games;
        self.decisions += o.decisions;
        for (a, b) in self.points.iter_mut().zip(o.points) {
            *a += b;
        }
        add(&mut self.seat_totals, &o.seat_totals);
        add(&mut self.seat_wins, &o.seat_wins);
        self.shared += o.shared;
        for (k, v) in o.victories {
            *self.victories.entry(k).or_default() += v;
        }
        for (k, (p, w)) in o.tags {
            let e = self.tags.entry(k).or_default();
            e.0 += p;
            e.1 += w;
        }
        self
    }

    /// Seats per game.
    pub fn seats(&self) -> usize {
        self.seat_totals.len()
    }
}

/// Adds `b` into `a` element by element, growing `a` to `b`'s length.
pub(crate) fn add<T: Copy + Default + std::ops::AddAssign>(a: &mut Vec<T>, b: &[T]) {
    if a.len() < b.len() {
        a.resize(b.len(), T::default());
    }
    for (x, &y) in a.iter_mut().zip(b) {
        *x += y;
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

/// Why a simulation stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    Setup(SetupError),
    Play {
        game: u64,
        error: PlayError,
    },
    /// An invariant broken in game `game` (`--check`).
    Violation {
        game: u64,
        violation: Broken,
    },
    Threads(String),
}

impl std::fmt::Display for SimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SimError::Setup(e) => e.fmt(f),
            SimError::Play { game, error } => write!(f, "game {game}: {error}"),
            SimError::Violation { game, violation } => write!(f, "game {game}, {violation}"),
            SimError::Threads(e) => write!(f, "cannot start the threads: {e}"),
        }
    }
}

impl std::error::Error for SimError {}

/// The seed of game `i` of a simulation seeded `seed`.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    derive(seed, i)
}

/// Counts by name while a chunk is played, cheaply (names are the game's
/// static strings: most compare by address), then folded into [`Stats`].
#[derive(Default)]
struct Tally {
    victories: Vec<(&'static str, u64)>,
    tags: Vec<(Tag, u64, u64)>,
    scratch: Vec<Tag>,
}

fn same(a: &'static str, b: &'static str) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// The same kind and name (sides together).
fn same_tag(a: &Tag, b: &Tag) -> bool {
    same(a.name, b.name) && same(a.kind, b.kind)
}

impl Tally {
    fn into_stats(self, stats: &mut Stats) {
        for (k, n) in self.victories {
            *stats.victories.entry(k).or_default() += n;
        }
        for (k, p, w) in self.tags {
            let e = stats.tags.entry(k).or_default();
            e.0 += p;
            e.1 += w;
        }
    }
}

/// Plays game `i` and adds it to `stats`; `slot` keeps the state played
/// last, whose buffers the next game reuses ([`Game::start_into`]).
#[allow(clippy::too_many_arguments)]
fn one<G: Statistics>(
    game: &G,
    opts: &SimOptions,
    setup: &mut Setup,
    checks: Checks<G>,
    i: u64,
    stats: &mut Stats,
    tally: &mut Tally,
    slot: &mut Option<G::State>,
    (makers, bots): (Bots<G>, &mut Vec<Bot<G>>),
) -> Result<(), SimError> {
    // `setup` is `opts.setup` cloned once per chunk: each game sets its seed.
    let seed = game_seed(opts.setup.seed, i);
    setup.seed = seed;
    let setup = &*setup;
    // The bots of the chunk's last game, seated again (a greedy bot keeps
    // its buffers).
    makers
        .table_into(game, &opts.bots, seed, bots)
        .map_err(SimError::Setup)?;
    // The state stays in `slot`: a game's state is large, and moving it
    // in and out would copy it.
    let (out, decisions): (Outcome, u64) = if opts.check {
        checked(game, setup, bots, checks, i, slot)?
    } else {
        let state = start_in(game, setup, slot).map_err(SimError::Setup)?;
        let mut count = Count(0);
        let out = play_out(game, state, bots, &mut count)
            .map_err(|error| SimError::Play { game: i, error })?;
        (out, count.0)
    };
    stats.games += 1;
    stats.decisions += decisions;
    let n = out.scores.len();
    if stats.seat_totals.len() < n {
        stats.seat_totals.resize(n, 0);
        stats.seat_wins.resize(n, 0);
    }
    for (seat, s) in out.scores.iter().enumerate() {
        for (a, &p) in stats.points.iter_mut().zip(&s.points) {
            *a += i64::from(p);
        }
        stats.seat_totals[seat] += i64::from(s.total);
    }
    match out.winners[..] {
        [w] => stats.seat_wins[w] += 1,
        _ => stats.shared += 1,
    }
    match tally
        .victories
        .iter_mut()
        .find(|(k, _)| same(k, out.victory))
    {
        Some(e) => e.1 += 1,
        None => tally.victories.push((out.victory, 1)),
    }
    // Both branches above left the game's state in `slot`.
    let Some(state) = slot.as_ref() else {
        return Ok(());
    };
    let Some(&first) = game.kinds().first() else {
        return Ok(());
    };
    for seat in 0..n {
        tally.scratch.clear();
        game.played_with(state, seat, &mut tally.scratch);
        let won = u64::from(out.winners.contains(&seat));
        for k in 0..tally.scratch.len() {
            let t = Tag {
                side: None,
                ..tally.scratch[k]
            };
            if !same(t.kind, first) {
                continue;
            }
            match tally.tags.iter_mut().find(|(x, _, _)| same_tag(x, &t)) {
                Some(e) => {
                    e.1 += 1;
                    e.2 += won;
                }
                None => tally.tags.push((t, 1, won)),
            }
        }
    }
    Ok(())
}

/// Game `i` played with every check (`sim --check`), its state left in
/// `slot`: out of line and cold, so that the unchecked games' loop stays
/// small (inlined, it cost the unchecked loop instructions).
#[cold]
#[inline(never)]
fn checked<G: Statistics>(
    game: &G,
    setup: &Setup,
    bots: &mut [Bot<G>],
    checks: Checks<G>,
    i: u64,
    slot: &mut Option<G::State>,
) -> Result<(Outcome, u64), SimError> {
    let c = play_checked_with(game, setup, bots, checks)
        .map_err(|violation| SimError::Violation { game: i, violation })?;
    *slot = Some(c.state);
    Ok((c.outcome, c.decisions as u64))
}

/// Plays `opts.games` games; `progress` is told how many more have ended,
/// now and then, from any thread. With `opts.check`, the game's invariants
/// are checked after every move, and each final position is also scored
/// again as a city sheet.
pub fn simulate<G: Statistics + Judge + Invariants + Sheets + 'static>(
    game: &G,
    opts: &SimOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Stats, SimError> {
    simulate_with(
        game,
        Bots::new().with_greedy(),
        opts,
        progress,
        Checks::new().with_invariants().with_sheets(),
    )
}

/// [`simulate`] for any game with statistics, with the bots it has
/// (`bots`) and, for `opts.check`, the checks it has (`checks`).
pub fn simulate_with<G: Statistics>(
    game: &G,
    bots: Bots<G>,
    opts: &SimOptions,
    progress: &(dyn Fn(u64) + Sync),
    checks: Checks<G>,
) -> Result<Stats, SimError> {
    simulate_part(game, bots, opts, 0..opts.games, progress, checks)
}

/// Games `games` of the run `opts` describes (game `i` seeded as in a run
/// of its own): the sums of any parts of a run, merged, are the run's
/// ([`crate::parts`] plays them apart).
pub fn simulate_part<G: Statistics>(
    game: &G,
    bots: Bots<G>,
    opts: &SimOptions,
    games: std::ops::Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
    checks: Checks<G>,
) -> Result<Stats, SimError> {
    // Set-up mistakes are reported before anything is played.
    game.start(&opts.setup).map_err(SimError::Setup)?;
    bots.check(game, &opts.bots).map_err(SimError::Setup)?;
    // A chunk's state goes on to the next chunk, on whichever thread: a
    // run of small chunks (few games, or slow bots) does not allocate a
    // state per chunk.
    let spares = Spares::default();
    in_chunks(
        opts,
        games,
        CHUNK,
        progress,
        Stats::merge,
        &|games, progress| {
            let mut teller = Teller::new(progress);
            let mut stats = Stats::default();
            let mut tally = Tally::default();
            let mut state = spares.take();
            let mut setup = opts.setup.clone();
            let mut table = Vec::with_capacity(opts.bots.len());
            for i in games {
                one(
                    game,
                    opts,
                    &mut setup,
                    checks,
                    i,
                    &mut stats,
                    &mut tally,
                    &mut state,
                    (bots, &mut table),
                )?;
                teller.ended();
            }
            tally.into_stats(&mut stats);
            if let Some(state) = state {
                spares.give(state);
            }
            Ok(stats)
        },
    )
}

/// Buffers one chunk hands on to the next ([`simulate_part`], and
/// `balance`'s chunks).
pub(crate) struct Spares<T>(std::sync::Mutex<Vec<T>>);

impl<T> Default for Spares<T> {
    fn default() -> Self {
        Spares(std::sync::Mutex::new(Vec::new()))
    }
}

impl<T> Spares<T> {
    /// A spare, if a chunk left one (none if a chunk panicked holding the
    /// lock: a chunk then makes its own).
    pub(crate) fn take(&self) -> Option<T> {
        self.0.lock().ok()?.pop()
    }

    pub(crate) fn give(&self, spare: T) {
        if let Ok(mut spares) = self.0.lock() {
            spares.push(spare);
        }
    }
}

/// How a run of `games` games is cut into tasks: [`plan_chunks`] of
/// `sim`'s chunk size.
pub fn plan(games: u64) -> Vec<std::ops::Range<u64>> {
    plan_chunks(0..games, CHUNK)
}

/// The chunks games `games` are played in, each a task of its own:
/// [`chunk_size`] games each (the last may have fewer), from the number
/// of games alone. 40 games make 40 chunks, so that two threads share
/// even 40 slow games.
pub fn plan_chunks(games: std::ops::Range<u64>, cap: u64) -> Vec<std::ops::Range<u64>> {
    let n = games.end.saturating_sub(games.start);
    let chunk = chunk_size(n, cap);
    (0..n.div_ceil(chunk))
        .map(|c| games.start + c * chunk..(games.start + (c + 1) * chunk).min(games.end))
        .collect()
}

/// A game started in `slot`: into the state it holds, whose buffers are
/// kept ([`Game::start_into`]), or into a new one left there.
pub(crate) fn start_in<'a, G: Game>(
    game: &G,
    setup: &Setup,
    slot: &'a mut Option<G::State>,
) -> Result<&'a mut G::State, SetupError> {
    match slot {
        Some(state) => {
            game.start_into(setup, state)?;
            Ok(state)
        }
        None => Ok(slot.insert(game.start(setup)?)),
    }
}

/// What a run tells of the games that have ended, as they end.
pub(crate) type Progress<'a> = &'a (dyn Fn(u64) + Sync);

/// How often a chunk tells the progress bar of the games it has ended:
/// often enough for the bar to move several times a second with slow
/// games, seldom enough that fast ones do not wait on the bar (a call is
/// some 700 instructions, a random game's 0.3–0.8%).
const TELL_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// Tells `progress` of a chunk's games as they end: at most every `every`,
/// and what is left when dropped (at the chunk's end).
pub(crate) struct Teller<'a> {
    progress: Progress<'a>,
    every: std::time::Duration,
    ended: u64,
    since: std::time::Instant,
}

impl<'a> Teller<'a> {
    pub(crate) fn new(progress: Progress<'a>) -> Self {
        Teller::every(progress, TELL_EVERY)
    }

    fn every(progress: Progress<'a>, every: std::time::Duration) -> Self {
        Teller {
            progress,
            every,
            ended: 0,
            since: std::time::Instant::now(),
        }
    }

    /// One more game has ended.
    pub(crate) fn ended(&mut self) {
        self.ended += 1;
        if self.since.elapsed() >= self.every {
            self.tell();
        }
    }

    fn tell(&mut self) {
        if self.ended > 0 {
            (self.progress)(self.ended);
            self.ended = 0;
        }
        self.since = std::time::Instant::now();
    }
}

impl Drop for Teller<'_> {
    fn drop(&mut self) {
        self.tell();
    }
}

/// Plays one chunk's games and sums them, telling the progress of each.
pub(crate) type PlayChunk<'a, T> =
    dyn Fn(std::ops::Range<u64>, Progress<'_>) -> Result<T, SimError> + Sync + 'a;

/// Plays games `games` (numbered as in a run of their own: game `i` is
/// seeded by `i`) in the chunks of [`plan_chunks`] on `opts.threads`
/// threads, each chunk summed by `play` and the sums joined by `merge` in
/// chunk order: the same result on any number of threads (for an
/// associative `merge`). `progress` is handed to `play`, which tells it
/// of the games as they end ([`Teller`]): the bar moves with the games,
/// not with the chunks (a chunk of slow games takes many seconds).
pub(crate) fn in_chunks<T: Send + Default>(
    opts: &SimOptions,
    games: std::ops::Range<u64>,
    cap: u64,
    progress: &(dyn Fn(u64) + Sync),
    merge: fn(T, T) -> T,
    play: &PlayChunk<'_, T>,
) -> Result<T, SimError> {
    let plan = plan_chunks(games, cap);
    let chunks = plan.len() as u64;
    let run = |c: u64| -> Result<T, SimError> {
        let Some(r) = usize::try_from(c).ok().and_then(|c| plan.get(c)) else {
            return Ok(T::default());
        };
        play(r.clone(), progress)
    };
    if opts.threads <= 1 {
        return (0..chunks).try_fold(T::default(), |acc, c| Ok(merge(acc, run(c)?)));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    pool.install(|| {
        // One chunk per task: rayon would otherwise hand each thread a run
        // of chunks, and a few slow games would go to one thread.
        // (A range of `usize` is indexed: one of `u64` is not.)
        (0..usize::try_from(chunks).unwrap_or(usize::MAX))
            .into_par_iter()
            .with_max_len(1)
            .map(|c| run(c as u64))
            .try_reduce(T::default, |a, b| Ok(merge(a, b)))
    })
}

/// `v` rounded to `digits` decimals.
pub fn round(v: f64, digits: i32) -> f64 {
    let m = 10f64.powi(digits);
    (v * m).round() / m
}

impl Stats {
    /// Per-category averages per player, and the total. Only the categories
    /// of the card sets in play: a composed game's list holds those of every
    /// expansion of the family sorting before the last one in play.
    pub fn averages(&self, info: &'static GameInfo) -> Vec<(String, f64)> {
        let per = (self.games as f64 * self.seats() as f64).max(1.0);
        let mut v: Vec<(String, f64)> = categories_in_play(info)
            .into_iter()
            .filter_map(|i| {
                Some((
                    info.categories.get(i)?.to_string(),
                    *self.points.get(i)? as f64 / per,
                ))
            })
            .collect();
        let total: i64 = self.seat_totals.iter().sum();
        v.push(("total".to_string(), total as f64 / per));
        v
    }
}

/// A simulation's results as `sevenw sim --json` writes them: rates
/// rounded, maps in the game's order (categories as the game lists them).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SimReport {
    pub game: &'static str,
    /// The game's edition and the expansions in play (automatic ones
    /// included), in the order composed.
    pub edition: u8,
    pub expansions: Vec<&'static str>,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub bots: Vec<String>,
    pub threads: usize,
    pub check: bool,
    pub seconds: f64,
    pub games_per_sec: f64,
    /// Points per player by category, then `total`.
    #[serde(serialize_with = "in_order")]
    pub average: Vec<(String, f64)>,
    /// The share of games won each way, in the game's order.
    #[serde(serialize_with = "in_order")]
    pub victory: Vec<(String, f64)>,
    pub seat_win_rate: Vec<f64>,
    pub shared: f64,
    pub seat_average_total: Vec<f64>,
    /// Per tag (a wonder), the share of its seats that won.
    #[serde(serialize_with = "in_order")]
    pub win_rate: Vec<(String, f64)>,
}

impl SimReport {
    /// The report of `stats`, played as `opts` says in `seconds`, of a game
    /// won in the ways `victories`.
    pub fn new(
        info: &'static GameInfo,
        victories: &[&'static str],
        opts: &SimOptions,
        stats: &Stats,
        seconds: f64,
    ) -> Self {
        let s = stats;
        let games = s.games.max(1) as f64;
        let layers = crate::engine::compose::layers_of(info);
        SimReport {
            game: info.name,
            edition: layers.first().map_or(info.edition, |l| l.info.edition),
            expansions: layers.iter().skip(1).map(|l| l.info.name).collect(),
            players: s.seats(),
            games: s.games,
            seed: opts.setup.seed,
            bots: opts.bots.iter().map(|b| b.to_string()).collect(),
            threads: opts.threads,
            check: opts.check,
            seconds: round(seconds, 4),
            games_per_sec: round(s.games as f64 / seconds.max(1e-9), 1),
            average: s
                .averages(info)
                .into_iter()
                .map(|(c, v)| (c, round(v, 3)))
                .collect(),
            victory: victories
                .iter()
                .map(|&k| {
                    let n = s.victories.get(k).copied().unwrap_or(0);
                    (k.to_string(), round(n as f64 / games, 4))
                })
                .collect(),
            seat_win_rate: s
                .seat_wins
                .iter()
                .map(|&w| round(w as f64 / games, 4))
                .collect(),
            shared: round(s.shared as f64 / games, 4),
            seat_average_total: s
                .seat_totals
                .iter()
                .map(|&t| round(t as f64 / games, 3))
                .collect(),
            win_rate: s
                .tags
                .iter()
                .map(|(k, &(played, won))| (k.label(), round(won as f64 / played.max(1) as f64, 4)))
                .collect(),
        }
    }

    /// The report as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        format!(
            "{}\n",
            serde_json::to_string_pretty(self).unwrap_or_default()
        )
    }
}

/// Pairs as a JSON object, in their order.
fn in_order<S: serde::Serializer>(pairs: &[(String, f64)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        m.serialize_entry(k, v)?;
    }
    m.end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_games_are_cut_into_chunks_for_every_thread() {
        // 40 slow games on 2 threads: one game a chunk, 40 chunks.
        assert_eq!(chunk_size(40, CHUNK), 1);
        assert_eq!(40u64.div_ceil(chunk_size(40, CHUNK)), 40);
        assert_eq!(chunk_size(64, CHUNK), 1);
        assert_eq!(chunk_size(1, CHUNK), 1);
        assert_eq!(chunk_size(0, CHUNK), 1);
        // Many games: chunks of at most the cap, and at least MIN_CHUNKS.
        assert_eq!(chunk_size(100_000, CHUNK), CHUNK);
        assert_eq!(chunk_size(1_000, CHUNK), 15);
        assert!(1_000u64.div_ceil(chunk_size(1_000, CHUNK)) >= MIN_CHUNKS);
        assert_eq!(chunk_size(500, 8), 7);
    }

    #[test]
    fn every_chunk_is_played_once_and_progress_counts_every_game() {
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicU64, Ordering};
        for threads in [1, 2] {
            let opts = SimOptions {
                setup: Setup::new(2, 1),
                bots: Vec::new(),
                games: 40,
                threads,
                check: false,
            };
            let done = AtomicU64::new(0);
            let reports = Mutex::new(Vec::new());
            let ranges: Vec<(u64, u64)> = in_chunks(
                &opts,
                0..opts.games,
                CHUNK,
                &|n| {
                    done.fetch_add(n, Ordering::Relaxed);
                    reports.lock().unwrap().push(n);
                },
                |mut a: Vec<(u64, u64)>, b| {
                    a.extend(b);
                    a
                },
                &|r, progress| {
                    progress(r.end - r.start);
                    Ok(vec![(r.start, r.end)])
                },
            )
            .unwrap();
            // In order, each game once, 40 chunks of one game.
            let expected: Vec<(u64, u64)> = (0..40).map(|i| (i, i + 1)).collect();
            assert_eq!(ranges, expected, "{threads} threads");
            assert_eq!(done.load(Ordering::Relaxed), 40);
            assert_eq!(reports.lock().unwrap().len(), 40);
        }
    }

    /// A chunk tells every game: at once when its interval has passed,
    /// else together at its end.
    #[test]
    fn a_teller_tells_every_game_as_often_as_asked() {
        let told = std::sync::Mutex::new(Vec::new());
        let progress = |n| told.lock().unwrap().push(n);
        {
            let mut t = Teller::every(&progress, std::time::Duration::ZERO);
            (0..3).for_each(|_| t.ended());
        }
        assert_eq!(*told.lock().unwrap(), [1, 1, 1]);
        told.lock().unwrap().clear();
        {
            let mut t = Teller::every(&progress, std::time::Duration::from_secs(3600));
            (0..5).for_each(|_| t.ended());
            assert!(told.lock().unwrap().is_empty());
        }
        assert_eq!(*told.lock().unwrap(), [5]);
        told.lock().unwrap().clear();
        drop(Teller::new(&progress));
        assert!(told.lock().unwrap().is_empty(), "no game, nothing told");
    }

    #[test]
    fn forty_games_are_at_least_as_many_tasks_as_threads_and_run_at_once() {
        use std::sync::{Condvar, Mutex};
        // The plan: 40 games, 40 chunks of one, covering each game once;
        // a later range of games is planned the same way.
        let plan = plan_chunks(0..40, CHUNK);
        assert!(plan.len() >= 2, "{plan:?}");
        assert_eq!(plan.len(), 40);
        assert!(plan.iter().all(|r| r.end - r.start == 1));
        let later = plan_chunks(100..1_100, 8);
        assert_eq!(later.first().map(|r| r.start), Some(100));
        assert_eq!(later.last().map(|r| r.end), Some(1_100));
        assert!(later.windows(2).all(|w| w[0].end == w[1].start));
        assert!(later.len() as u64 >= MIN_CHUNKS);
        assert!(plan_chunks(5..5, 8).is_empty());
        // Two threads play two chunks at the same time: each chunk waits
        // (at most a while, so that a failure cannot hang) for another to
        // be under way, and the most under way at once is counted.
        let opts = SimOptions {
            setup: Setup::new(2, 1),
            bots: Vec::new(),
            games: 40,
            threads: 2,
            check: false,
        };
        let now = Mutex::new((0u32, 0u32));
        let woken = Condvar::new();
        in_chunks(&opts, 0..40, CHUNK, &|_| {}, |a: (), _| a, &|_, _| {
            let mut g = now.lock().unwrap();
            g.0 += 1;
            g.1 = g.1.max(g.0);
            woken.notify_all();
            let (mut g, _) = woken
                .wait_timeout_while(g, std::time::Duration::from_secs(20), |g| g.1 < 2)
                .unwrap();
            g.0 -= 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(now.lock().unwrap().1, 2, "two chunks under way at once");
    }
}
