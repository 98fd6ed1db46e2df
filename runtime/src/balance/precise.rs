//! `balance --until-precise P`: games played in batches until every judged
//! interval is within ±P points, or a budget of games or time runs out.
//!
//! The judged intervals are the win rates a report flags: each wonder
//! (side), token or project played, each one dealt apart from played
//! ([`crate::statistics::Statistics::dealt_kinds`]), each card dealt to keep
//! (a drafted leader), each seat; those of
//! [`MIN_SAMPLE`] seats or more (a rate of fewer is a finding of nothing,
//! and the first games of a rare thing would set the goal). Game `i` is the
//! `i`th game of a plain run whatever the batches: a run stopped after `K`
//! games is the plain run of `K` games with the same seed. Without a time
//! budget the batches, and so `K`, depend on the seed alone.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{MIN_SAMPLE, Tally, games_needed, play_games};
use crate::bots::Bots;
use crate::sim::{SimError, SimOptions};
use crate::statistics::Statistics;

/// When to stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The precision wanted, in points: half the width of every judged
    /// interval at most this.
    pub precision: f64,
    /// The games of the first batch.
    pub first: u64,
    /// The most games in all.
    pub max_games: u64,
    /// The most time: checked after each batch, and each batch is cut to
    /// what the pace so far plays in the time left (a batch may overrun it
    /// by the error of that estimate).
    pub max_time: Option<Duration>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stopped {
    /// Every judged interval is within the precision.
    Precise,
    /// The budget of games is played.
    MaxGames,
    /// The budget of time is spent.
    MaxTime,
}

/// How a run of `--until-precise` ended (`report.json`'s `stop`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stop {
    pub reason: Stopped,
    /// The precision asked for, in points.
    pub precision: f64,
    /// The judged intervals, and how many are still wider than that.
    pub judged: u64,
    pub wide: u64,
    /// The games after which every judged interval would be within it
    /// (an estimate, [`games_needed`]); `None` when none is wider.
    pub games_needed: Option<u64>,
    /// Batches played.
    pub batches: u64,
    /// The budget: games, and seconds if one was given.
    pub max_games: u64,
    pub max_seconds: Option<f64>,
}

/// Where a run stands before each batch, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games played so far, and played once this batch ends.
    pub done: u64,
    pub target: u64,
    /// Judged intervals wider than the precision after the batch before
    /// (`None` before the first).
    pub wide: Option<u64>,
}

/// The judged intervals of `t` ([the module's](self)), how many are wider
/// than ±`precision` points, and the games after which all would be within
/// it (`None` when none is wider).
pub fn precise(t: &Tally, precision: f64) -> (u64, u64, Option<u64>) {
    let mut judged = 0;
    let mut wide = 0;
    let mut most: Option<u64> = None;
    let rates = t
        .labels
        .values()
        .flat_map(|a| [(a.wins, a.n), (a.dealt_wins, a.dealt)])
        .chain(t.cards.values().map(|a| (a.dealt_wins, a.dealt)))
        .chain(t.seat_wins.iter().map(|&w| (w, t.games)));
    for (wins, n) in rates {
        if n < MIN_SAMPLE {
            continue;
        }
        judged += 1;
        match games_needed(wins, n, t.games, precision) {
            Some(g) if g <= t.games => {}
            g => {
                wide += 1;
                most = Some(most.unwrap_or(0).max(g.unwrap_or(u64::MAX)));
            }
        }
    }
    (judged, wide, most)
}

/// Plays batches of games until every judged interval of their sums is
/// within ±`budget.precision` points, or the budget runs out; the sums
/// (every tag known, as [`super::play`]'s) and why it stopped. Each batch
/// aims at the games the widest interval needs, at most doubling the games
/// played (the estimate sharpens as games are added). `progress` is told
/// of games ended, as [`super::play`]'s; `batch` of each batch begun.
pub fn play_until<G: Statistics>(
    game: &G,
    bots: Bots<G>,
    opts: &SimOptions,
    budget: Budget,
    progress: &(dyn Fn(u64) + Sync),
    batch: &mut dyn FnMut(Progress),
) -> Result<(Tally, Stop), SimError> {
    game.start(&opts.setup).map_err(SimError::Setup)?;
    bots.check(game, &opts.bots).map_err(SimError::Setup)?;
    let start = Instant::now();
    let max_games = budget.max_games.max(1);
    let mut t = Tally::default();
    let mut next = budget.first.clamp(1, max_games);
    let mut batches = 0;
    let mut wide = None;
    let (reason, judged, wide_now, needed) = loop {
        let done = t.games;
        batch(Progress {
            done,
            target: done + next,
            wide,
        });
        let more = play_games(game, bots, opts, done..done + next, progress)?;
        t = t.merge(more);
        batches += 1;
        let (judged, w, needed) = precise(&t, budget.precision);
        wide = Some(w);
        let done = t.games;
        let spent = start.elapsed();
        if judged > 0 && w == 0 {
            break (Stopped::Precise, judged, w, needed);
        }
        if done >= max_games {
            break (Stopped::MaxGames, judged, w, needed);
        }
        if budget.max_time.is_some_and(|m| spent >= m) {
            break (Stopped::MaxTime, judged, w, needed);
        }
        // Toward the estimate, at most doubling, within the budget.
        let want = match needed {
            Some(g) if judged > 0 => g.saturating_sub(done),
            _ => done,
        };
        next = want.clamp(1, done.max(1)).min(max_games - done);
        if let Some(m) = budget.max_time {
            let pace = done as f64 / spent.as_secs_f64().max(1e-3);
            let fit = ((m - spent).as_secs_f64() * pace).floor();
            next = next.min((fit as u64).max(1));
        }
    };
    t.know(game, &opts.setup);
    Ok((
        t,
        Stop {
            reason,
            precision: budget.precision,
            judged,
            wide: wide_now,
            games_needed: needed,
            batches,
            max_games,
            max_seconds: budget.max_time.map(|d| d.as_secs_f64()),
        },
    ))
}
