//! Many games of one set-up stepped together ([`Batch`]) into flat
//! buffers ([`Out`]), on a pool of threads.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::Env;
use crate::engine::rng::{Rng, derive};
use crate::game::SetupError;
use crate::table::Refused;

/// What [`Batch::step`] writes, one row per game.
pub struct Out<'a> {
    /// `games × observation_len`: the observation of the seat to move
    /// next in each game (after a finished game, the first decision of the
    /// next one).
    pub observations: &'a mut [f32],
    /// `games × num_actions`: its legal actions.
    pub masks: &'a mut [u8],
    /// `games × seats`: each seat's reward of the step (non-zero only
    /// where the step ended the game).
    pub rewards: &'a mut [f32],
    /// `games`: the seat to move next.
    pub to_move: &'a mut [i64],
    /// `games`: whether the step ended the game, which then started
    /// again: [`RUNNING`], [`TERMINATED`] (the rules ended it) or
    /// [`TRUNCATED`] (it reached [`Batch::set_max_steps`]'s limit).
    pub done: &'a mut [u8],
}

/// [`Out::done`] of a game that goes on.
pub const RUNNING: u8 = 0;
/// [`Out::done`] of a game the step ended by the rules.
pub const TERMINATED: u8 = 1;
/// [`Out::done`] of a game cut short at its limit of decisions.
pub const TRUNCATED: u8 = 2;

/// One game of a batch: the game under way, and the last one that ended
/// (kept until the next ends: its last position, decisions and seed), in
/// an env of its own that the next game to end swaps with (no allocation).
struct Row<'g> {
    env: Box<dyn Env + 'g>,
    last: Box<dyn Env + 'g>,
    /// Games started.
    started: u64,
    /// Whether `last` holds a game that ended.
    ended: bool,
}

/// Many games of one set-up stepped together ([`Batch::step`]), split over
/// a pool of threads; each game started again with the next seed when it
/// ends. Game `i`'s `k`-th game is seeded from the batch's seed, `i` and
/// `k` ([`Batch::seed_of`]), so the results do not depend on the number of
/// threads. The game that ended last in each row stays readable
/// ([`Batch::ended`]) until the next ends.
pub struct Batch<'g> {
    rows: Vec<Row<'g>>,
    seed: u64,
    /// Decisions after which a game is cut short ([`TRUNCATED`]).
    max_steps: Option<usize>,
    pool: Option<rayon::ThreadPool>,
    /// Moves on at each step and when the batch goes: the pool's threads
    /// wait for it between steps ([`keep_warm`]).
    warm: Arc<AtomicU64>,
    obs_len: usize,
    actions: usize,
    seats: usize,
}

/// Why a batch step was refused: game `game` has no legal action `action`
/// now. Nothing was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchRefused {
    pub game: usize,
    pub refused: Refused,
}

impl std::fmt::Display for BatchRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {}", self.game, self.refused)
    }
}

impl std::error::Error for BatchRefused {}

impl Drop for Batch<'_> {
    /// The pool's threads stop waiting for a next step.
    fn drop(&mut self) {
        self.warm.fetch_add(1, Ordering::Release);
    }
}

impl<'g> Batch<'g> {
    /// `games` games made by `make`, seeded from `seed`, stepped on
    /// `threads` threads: the calling thread and `threads - 1` of a pool
    /// (1: the calling thread only), which after a step wait for the next
    /// by spinning up to 200 µs before they park.
    pub fn new(
        games: usize,
        seed: u64,
        threads: usize,
        make: &dyn Fn() -> Result<Box<dyn Env + 'g>, SetupError>,
    ) -> Result<Self, SetupError> {
        let mut rows = Vec::with_capacity(games);
        for i in 0..games {
            let mut env = make()?;
            env.reset(Self::seed_of(seed, i, 0))?;
            rows.push(Row {
                env,
                last: make()?,
                started: 1,
                ended: false,
            });
        }
        let first = rows.first().map(|r| &r.env);
        let (obs_len, actions, seats) = first.map_or((0, 0, 0), |e| {
            (e.observation_len(), e.num_actions() as usize, e.seats())
        });
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|e| SetupError::Game(format!("cannot start the threads: {e}")))?,
            )
        } else {
            None
        };
        Ok(Batch {
            rows,
            seed,
            max_steps: None,
            pool,
            warm: Arc::new(AtomicU64::new(0)),
            obs_len,
            actions,
            seats,
        })
    }

    /// The seed of game `i`'s `k`-th game (from 0) in a batch seeded
    /// `seed`.
    pub fn seed_of(seed: u64, i: usize, k: u64) -> u64 {
        derive(derive(seed, i as u64), k)
    }

    /// Cuts a game short after `steps` decisions (`None`: no limit, the
    /// default): its row's `done` is then [`TRUNCATED`], its rewards 0,
    /// and it starts again as one that ended.
    pub fn set_max_steps(&mut self, steps: Option<usize>) {
        self.max_steps = steps;
    }

    pub fn games(&self) -> usize {
        self.rows.len()
    }
    pub fn observation_len(&self) -> usize {
        self.obs_len
    }
    pub fn num_actions(&self) -> usize {
        self.actions
    }
    pub fn seats(&self) -> usize {
        self.seats
    }
    /// Game `i`.
    pub fn env(&self, i: usize) -> Option<&(dyn Env + 'g)> {
        self.rows.get(i).map(|r| &*r.env)
    }
    /// The game of row `i` that ended last (by the rules or cut short),
    /// as it stood at its end; `None` before one has.
    pub fn ended(&self, i: usize) -> Option<&(dyn Env + 'g)> {
        self.rows.get(i).filter(|r| r.ended).map(|r| &*r.last)
    }

    fn check(&self, out: &Out<'_>) -> Result<(), String> {
        let n = self.rows.len();
        let want = [
            ("observations", out.observations.len(), n * self.obs_len),
            ("masks", out.masks.len(), n * self.actions),
            ("rewards", out.rewards.len(), n * self.seats),
            ("to_move", out.to_move.len(), n),
            ("done", out.done.len(), n),
        ];
        for (name, got, want) in want {
            if got != want {
                return Err(format!("{name} holds {got} numbers, not {want}"));
            }
        }
        Ok(())
    }

    /// Writes every game's current observation, mask and seat to move
    /// into `out` (rewards and `done` zero): the batch's first rows.
    pub fn current(&mut self, out: Out<'_>) -> Result<(), String> {
        self.check(&out)?;
        self.run(out, &|_, _, _| {});
        Ok(())
    }

    /// Plays `actions[i]` in game `i` for the seat to move, then writes
    /// `out`. An action not legal in its game refuses the whole step
    /// before anything is played.
    pub fn step(&mut self, actions: &[u32], out: Out<'_>) -> Result<(), StepError> {
        self.check(&out).map_err(StepError::Shape)?;
        if actions.len() != self.rows.len() {
            return Err(StepError::Shape(format!(
                "{} actions for {} games",
                actions.len(),
                self.rows.len()
            )));
        }
        for (game, (row, &a)) in self.rows.iter().zip(actions).enumerate() {
            let e = &row.env;
            if e.to_move().is_none() {
                return Err(StepError::Refused(BatchRefused {
                    game,
                    refused: Refused::Over,
                }));
            }
            if !e.legal().contains(&a) {
                return Err(StepError::Refused(BatchRefused {
                    game,
                    refused: Refused::NotLegal { action: a },
                }));
            }
        }
        self.run(out, &|e, i, _| {
            let _ = e.step(actions[i]);
        });
        Ok(())
    }

    /// Plays a uniformly random legal action in every game (drawn from
    /// `seed` and the game's index), then writes `out`: a random player
    /// without a round trip through the caller.
    pub fn step_random(&mut self, seed: u64, out: Out<'_>) -> Result<(), StepError> {
        self.check(&out).map_err(StepError::Shape)?;
        self.run(out, &|e, i, _| {
            let n = e.legal().len().max(1);
            let mut rng = Rng::new(derive(seed, i as u64));
            e.step_index(rng.below(n));
        });
        Ok(())
    }

    /// Applies `act` to each game (its index and games started), then
    /// records rewards, starts finished games again and writes the rows.
    fn run(&mut self, out: Out<'_>, act: &(dyn Fn(&mut dyn Env, usize, u64) + Sync)) {
        let dims = Dims {
            obs: self.obs_len,
            actions: self.actions,
            seats: self.seats,
            seed: self.seed,
            max_steps: self.max_steps,
        };
        let Some(pool) = &self.pool else {
            let all = Share::cut(&mut self.rows, out, usize::MAX, dims);
            all.into_iter().for_each(|mut s| s.step(act));
            return;
        };
        // Chunks of games claimed one at a time: the calling thread from
        // the first, the pool's threads from the last. The caller works
        // from the start (a batch step is tens of microseconds, waking a
        // parked thread several), a thread that starts late takes fewer
        // chunks instead of holding the step up, and the two ends meet
        // once, so the threads seldom write next to each other (the
        // `done` and `to_move` of neighbouring games share a cache line).
        let chunks: Vec<_> = Share::cut(&mut self.rows, out, CHUNK, dims)
            .into_iter()
            .map(Mutex::new)
            .collect();
        let claims = Claims::new(chunks.len());
        let work = |front: bool| {
            while let Some(chunk) = claims.take(front).and_then(|k| chunks.get(k)) {
                chunk.lock().unwrap_or_else(|p| p.into_inner()).step(act);
            }
        };
        self.warm.fetch_add(1, Ordering::Release);
        let helpers = (pool.current_num_threads()).min(chunks.len().saturating_sub(1));
        let gone = AtomicUsize::new(0);
        pool.in_place_scope(|s| {
            for _ in 0..helpers {
                s.spawn(|_| {
                    let _gone = Gone(&gone);
                    work(false);
                });
            }
            work(true);
            // The scope's own wait would park this thread, and waking it
            // costs more than the helpers' last chunks: spin until they
            // are done instead.
            while gone.load(Ordering::Acquire) < helpers {
                std::hint::spin_loop();
            }
        });
        if helpers > 0 {
            keep_warm(pool, &self.warm);
        }
    }
}

/// Counts a helper of a batch step out when it ends, unwinding too, so
/// the caller spinning for the helpers never waits for one that is gone.
struct Gone<'a>(&'a AtomicUsize);

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// A batch's sizes: numbers per game of each buffer, and its seed.
#[derive(Clone, Copy)]
struct Dims {
    obs: usize,
    actions: usize,
    seats: usize,
    seed: u64,
    max_steps: Option<usize>,
}

/// Consecutive games of a batch step, from game `first`, and their rows.
struct Share<'r, 'g> {
    first: usize,
    rows: &'r mut [Row<'g>],
    obs: &'r mut [f32],
    masks: &'r mut [u8],
    rewards: &'r mut [f32],
    to_move: &'r mut [i64],
    done: &'r mut [u8],
    dims: Dims,
}

/// `n`-long pieces of `buf`, as many as asked for (empty ones past its
/// end, and all of them when `n` is 0).
fn pieces<T>(buf: &mut [T], n: usize) -> impl Iterator<Item = &mut [T]> {
    let mut rest = buf;
    std::iter::from_fn(move || {
        let at = n.min(rest.len());
        let (piece, tail) = std::mem::take(&mut rest).split_at_mut(at);
        rest = tail;
        Some(piece)
    })
}

impl<'r, 'g> Share<'r, 'g> {
    /// The batch's games and `out`'s rows cut into shares of `size` games
    /// (rows the buffers lack are left out; [`Batch::check`] has checked
    /// the sizes).
    fn cut(rows: &'r mut [Row<'g>], out: Out<'r>, size: usize, dims: Dims) -> Vec<Share<'r, 'g>> {
        let size = size.max(1);
        let per = |n: usize| n.saturating_mul(size);
        (rows.chunks_mut(size))
            .zip(pieces(out.observations, per(dims.obs)))
            .zip(pieces(out.masks, per(dims.actions)))
            .zip(pieces(out.rewards, per(dims.seats)))
            .zip(pieces(out.to_move, size).zip(pieces(out.done, size)))
            .enumerate()
            .map(
                |(k, ((((rows, obs), masks), rewards), (to_move, done)))| Share {
                    first: k * size,
                    rows,
                    obs,
                    masks,
                    rewards,
                    to_move,
                    done,
                    dims,
                },
            )
            .collect()
    }

    /// Applies `act` to each game (its index and games started), records
    /// rewards, starts finished games again and writes the rows.
    fn step(&mut self, act: &(dyn Fn(&mut dyn Env, usize, u64) + Sync)) {
        let d = self.dims;
        let rows = (self.rows.iter_mut())
            .zip(pieces(self.obs, d.obs))
            .zip(pieces(self.masks, d.actions))
            .zip(pieces(self.rewards, d.seats))
            .zip(self.to_move.iter_mut().zip(self.done.iter_mut()));
        for (j, ((((row, obs), mask), rew), (tm, done))) in rows.enumerate() {
            let i = self.first + j;
            act(&mut *row.env, i, row.started);
            row.env.rewards(rew);
            *done = if row.env.to_move().is_none() {
                TERMINATED
            } else if d.max_steps.is_some_and(|m| row.env.decisions().len() >= m) {
                TRUNCATED
            } else {
                RUNNING
            };
            if *done != RUNNING {
                // The game ended is kept as it stands; the other env of
                // the row starts the next. A seed that started a game once
                // starts it again, so a reset cannot fail here.
                std::mem::swap(&mut row.env, &mut row.last);
                row.ended = true;
                let _ = (row.env).reset(Batch::seed_of(d.seed, i, row.started));
                row.started += 1;
            }
            let e = &*row.env;
            let seat = e.to_move().unwrap_or(0);
            *tm = seat as i64;
            e.observe(seat, obs);
            e.mask(mask);
        }
    }
}

/// Games a thread claims at a time in a batch step (a few microseconds of
/// work).
const CHUNK: usize = 8;

/// The chunks of a batch step not claimed yet, `[front, back)`, packed
/// in one word (`front << 32 | back`) so that a claim from either end is
/// one compare-and-swap.
struct Claims(AtomicU64);

impl Claims {
    /// `chunks` chunks (at most 2³², that is 2³⁵ games: beyond any memory).
    fn new(chunks: usize) -> Self {
        Claims(AtomicU64::new(chunks.min(u32::MAX as usize) as u64))
    }

    /// The next chunk from the front, or from the back; `None` once all
    /// are claimed.
    fn take(&self, front: bool) -> Option<usize> {
        let mut now = self.0.load(Ordering::Relaxed);
        loop {
            let (lo, hi) = (now >> 32, now & u64::from(u32::MAX));
            if lo >= hi {
                return None;
            }
            let (next, got) = if front {
                ((lo + 1) << 32 | hi, lo)
            } else {
                (lo << 32 | (hi - 1), hi - 1)
            };
            match (self.0).compare_exchange_weak(now, next, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return usize::try_from(got).ok(),
                Err(seen) => now = seen,
            }
        }
    }
}

/// How long a pool thread waits for the next batch step by spinning
/// before it parks: a caller stepping in a loop then never waits for a
/// thread to wake (the practice of OpenMP runtimes, whose default "block
/// time" is far longer). Bounded so that a caller busy elsewhere between
/// steps costs each pool thread at most this much CPU per step.
const SPIN: std::time::Duration = std::time::Duration::from_micros(200);

/// After a batch step, occupies each of `pool`'s threads with a wait for
/// the next step (`warm` moving on) of at most [`SPIN`].
fn keep_warm(pool: &rayon::ThreadPool, warm: &Arc<AtomicU64>) {
    let now = warm.load(Ordering::Acquire);
    for _ in 0..pool.current_num_threads() {
        let warm = Arc::clone(warm);
        pool.spawn(move || {
            let start = std::time::Instant::now();
            while warm.load(Ordering::Acquire) == now && start.elapsed() < SPIN {
                for _ in 0..64 {
                    std::hint::spin_loop();
                }
            }
        });
    }
}

/// Why [`Batch::step`] played nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// A buffer or the actions are not the batch's size.
    Shape(String),
    /// A game refused its action.
    Refused(BatchRefused),
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::Shape(s) => f.write_str(s),
            StepError::Refused(r) => r.fmt(f),
        }
    }
}

impl std::error::Error for StepError {}

#[cfg(test)]
mod tests {
    use super::Claims;

    #[test]
    fn claims_hand_out_every_chunk_once_from_both_ends() {
        let c = Claims::new(5);
        assert_eq!(c.take(true), Some(0));
        assert_eq!(c.take(false), Some(4));
        assert_eq!(c.take(false), Some(3));
        assert_eq!(c.take(true), Some(1));
        assert_eq!(c.take(true), Some(2));
        assert_eq!((c.take(true), c.take(false)), (None, None));
        assert_eq!(Claims::new(0).take(false), None);
    }

    #[test]
    fn claims_raced_by_threads_lose_and_repeat_nothing() {
        let n = 10_000;
        let c = &Claims::new(n);
        let mut got: Vec<usize> = std::thread::scope(|s| {
            let takers: Vec<_> = [true, false, false]
                .into_iter()
                .map(|front| {
                    s.spawn(move || std::iter::from_fn(|| c.take(front)).collect::<Vec<_>>())
                })
                .collect();
            takers.into_iter().flat_map(|t| t.join().unwrap()).collect()
        });
        got.sort_unstable();
        assert_eq!(got, (0..n).collect::<Vec<_>>());
    }
}
