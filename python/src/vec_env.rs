//! `VecEnv`: many games of one selection stepped together into numpy
//! arrays made once, the GIL released while they are stepped.

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sevenw_runtime::env::{Batch, Env as RtEnv, Out, StepError, TERMINATED, TRUNCATED};
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::AnyGame;

use crate::selection::choose;
use crate::{Kind, SeedStream, action_named, action_words, error, lock, outcome_info};

/// Many games of one selection stepped together into numpy arrays.
#[pyclass(module = "sevenw._native", name = "VecEnv")]
pub(crate) struct PyVecEnv {
    game: &'static dyn AnyGame,
    setup: Setup,
    threads: usize,
    max_steps: Option<usize>,
    batch: Mutex<Batch<'static>>,
    seeds: Mutex<SeedStream>,
    obs: Py<PyArray2<f32>>,
    /// Written by the runtime as bytes; handed out as `masks_i8`, an int8
    /// view of the same memory.
    masks: Py<PyArray2<u8>>,
    masks_i8: Py<PyAny>,
    rewards: Py<PyArray2<f32>>,
    to_move: Py<PyArray1<i64>>,
    done: Py<PyArray1<u8>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
}

/// What `VecEnv.reset` returns: observations, masks, seats to move.
type Reset = (Py<PyArray2<f32>>, Py<PyAny>, Py<PyArray1<i64>>);

/// What `VecEnv.step` returns: observations, masks, rewards, seats to
/// move, games ended by the rules, games cut short, and the info.
type Step = (
    Py<PyArray2<f32>>,
    Py<PyAny>,
    Py<PyArray2<f32>>,
    Py<PyArray1<i64>>,
    Py<PyArray1<bool>>,
    Py<PyArray1<bool>>,
    Py<PyDict>,
);

fn make_batch(
    py: Python<'_>,
    game: &'static dyn AnyGame,
    setup: &Setup,
    num_envs: usize,
    threads: usize,
    seed: u64,
    max_steps: Option<usize>,
) -> PyResult<Batch<'static>> {
    let setup = setup.clone();
    let envs = game.need_envs().map_err(|m| error(py, Kind::Setup, m))?;
    let mut batch = py
        .detach(|| Batch::new(num_envs, seed, threads, &|| envs.start(&setup)))
        .map_err(|e| error(py, Kind::Setup, e.to_string()))?;
    batch.set_max_steps(max_steps);
    Ok(batch)
}

/// Every seat's observation of `e` into `out` (`seats × observation_len`).
fn observe_seats(e: &dyn RtEnv, out: &mut [f32]) {
    let len = e.observation_len().max(1);
    for (seat, row) in out.chunks_mut(len).enumerate() {
        e.observe(seat, row);
    }
}

impl PyVecEnv {
    /// Runs `f` on the batch and the arrays' memory, the GIL released,
    /// then writes `terminated` and `truncated` from the games' ends.
    fn with_out(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Batch<'static>, Out<'_>) -> Result<(), StepError> + Send,
    ) -> PyResult<()> {
        let (obs, masks, rewards, to_move, done) = (
            self.obs.bind(py),
            self.masks.bind(py),
            self.rewards.bind(py),
            self.to_move.bind(py),
            self.done.bind(py),
        );
        let value = |e: numpy::BorrowError| PyValueError::new_err(e.to_string());
        let mut obs = obs.try_readwrite().map_err(value)?;
        let mut masks = masks.try_readwrite().map_err(value)?;
        let mut rewards = rewards.try_readwrite().map_err(value)?;
        let mut to_move = to_move.try_readwrite().map_err(value)?;
        let mut done = done.try_readwrite().map_err(value)?;
        let shape = |e: numpy::AsSliceError| PyValueError::new_err(e.to_string());
        let out = Out {
            observations: obs.as_slice_mut().map_err(shape)?,
            masks: masks.as_slice_mut().map_err(shape)?,
            rewards: rewards.as_slice_mut().map_err(shape)?,
            to_move: to_move.as_slice_mut().map_err(shape)?,
            done: done.as_slice_mut().map_err(shape)?,
        };
        // The lock is taken without the GIL, and let go before it is taken
        // again: another thread holding the GIL may wait for it.
        let batch = &self.batch;
        py.detach(move || f(&mut lock(batch), out))
            .map_err(|e| match e {
                StepError::Shape(m) => PyValueError::new_err(m),
                StepError::Refused(r) => error(py, Kind::Illegal, r.to_string()),
            })?;
        let done = done.as_slice().map_err(shape)?;
        let mut term = self.terminated.bind(py).try_readwrite().map_err(value)?;
        let mut trunc = self.truncated.bind(py).try_readwrite().map_err(value)?;
        let (term, trunc) = (
            term.as_slice_mut().map_err(shape)?,
            trunc.as_slice_mut().map_err(shape)?,
        );
        for ((&d, t), u) in done.iter().zip(term.iter_mut()).zip(trunc.iter_mut()) {
            *t = d == TERMINATED;
            *u = d == TRUNCATED;
        }
        Ok(())
    }

    /// Checks `actions` before anything is played: a 1-D array of
    /// integers, one per game, each inside the action space (an
    /// `IllegalAction` naming the first game outside, before the
    /// conversion to uint32 could wrap it round). A float is a `TypeError`
    /// (never truncated), another shape a `ValueError`.
    fn check_actions(
        &self,
        py: Python<'_>,
        np: &Bound<'_, PyModule>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let games = lock(&self.batch).games();
        let kind: String = actions.getattr("dtype")?.getattr("kind")?.extract()?;
        // Python ints too large for any numpy integer make an array of
        // objects: ints still (refused below as outside the space).
        let ints = kind == "O"
            && (actions.call_method0("ravel")?.try_iter()?)
                .all(|x| x.is_ok_and(|x| crate::int_of(&x, "an action").is_ok()));
        if kind != "i" && kind != "u" && !ints {
            return Err(PyTypeError::new_err(format!(
                "actions are action numbers, integers, not an array of {}",
                actions.getattr("dtype")?.str()?
            )));
        }
        let shape: Vec<usize> = actions.getattr("shape")?.extract()?;
        if shape != [games] {
            return Err(PyValueError::new_err(format!(
                "actions are one action number per game: an array of shape ({games},), not {:?}",
                shape
            )));
        }
        let n = lock(&self.batch).num_actions();
        let below = np.call_method1("less", (actions, 0))?;
        let above = np.call_method1("greater_equal", (actions, n))?;
        let bad = np.call_method1("logical_or", (below, above))?;
        let first = np.call_method1("flatnonzero", (bad,))?;
        if first.len()? == 0 {
            return Ok(());
        }
        let i: usize = first.get_item(0)?.extract()?;
        let action = actions.get_item(i)?;
        Err(error(
            py,
            Kind::Illegal,
            format!(
                "game {i}: action {} is outside the action space (0 to {})",
                action.str()?,
                n.saturating_sub(1)
            ),
        ))
    }

    /// The step's info: empty unless a game ended; then Gymnasium's
    /// layout of a step that starts ended games again at once:
    /// `final_observation` (by game: `None`, or every seat's observation
    /// of the game ended, `seats × observation_len`), `final_info` (by
    /// game: `None`, or the ended game's `seed`, `decisions`,
    /// `terminated`, `truncated` and, ended by the rules, its `outcome`),
    /// and `_final_observation`, `_final_info` (bool by game: which hold
    /// one).
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        let done = self.done.bind(py).readonly();
        let done = done
            .as_slice()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        if done.iter().all(|&d| d == 0) {
            return Ok(info);
        }
        let np = py.import("numpy")?;
        let n = done.len();
        let finals = np.call_method1("empty", (n, "object"))?;
        let infos = np.call_method1("empty", (n, "object"))?;
        let b = lock(&self.batch);
        let (seats, len) = (b.seats(), b.observation_len());
        for (i, &d) in done.iter().enumerate() {
            let Some(e) = b.ended(i).filter(|_| d != 0) else {
                continue;
            };
            let mut all = vec![0f32; seats * len];
            observe_seats(e, &mut all);
            let arr = PyArray1::from_vec(py, all).reshape([seats, len])?;
            finals.set_item(i, arr)?;
            let one = PyDict::new(py);
            one.set_item("seed", e.setup().seed)?;
            one.set_item("decisions", e.decisions().to_vec())?;
            one.set_item("terminated", d == TERMINATED)?;
            one.set_item("truncated", d == TRUNCATED)?;
            if let Some(o) = e.outcome() {
                one.set_item("outcome", outcome_info(py, &o, seats)?)?;
            }
            infos.set_item(i, one)?;
        }
        let ended = np.call_method1("not_equal", (self.done.bind(py), 0))?;
        info.set_item("final_observation", finals)?;
        info.set_item("_final_observation", &ended)?;
        info.set_item("final_info", infos)?;
        info.set_item("_final_info", ended.call_method0("copy")?)?;
        Ok(info)
    }

    fn step_out(&self, py: Python<'_>) -> PyResult<Step> {
        Ok((
            self.obs.clone_ref(py),
            self.masks_i8.clone_ref(py),
            self.rewards.clone_ref(py),
            self.to_move.clone_ref(py),
            self.terminated.clone_ref(py),
            self.truncated.clone_ref(py),
            self.info(py)?.unbind(),
        ))
    }

    /// Game `i` of the batch, or a `ValueError` naming the range.
    fn row<'b>(b: &'b Batch<'static>, i: &Bound<'_, PyAny>) -> PyResult<&'b (dyn RtEnv + 'static)> {
        let games = b.games();
        let at = crate::int_of(i, "a game's index")?
            .filter(|&x| (0..games as i128).contains(&x))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no game {i} in this VecEnv (0 to {})",
                    games.saturating_sub(1)
                ))
            })?;
        b.env(at as usize)
            .ok_or_else(|| PyValueError::new_err(format!("no game {i}")))
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, threads=1, max_steps=None, **selection))]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        threads: usize,
        max_steps: Option<usize>,
        selection: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        if max_steps == Some(0) {
            return Err(PyValueError::new_err(
                "max_steps must be at least 1 (None: no limit)",
            ));
        }
        let (game, setup, _) = choose(py, selection)?;
        let threads = threads.max(1);
        let batch = make_batch(py, game, &setup, num_envs, threads, setup.seed, max_steps)?;
        let (l, a, s) = (batch.observation_len(), batch.num_actions(), batch.seats());
        let masks = PyArray2::<u8>::zeros(py, [num_envs, a], false);
        let masks_i8 = masks.call_method1("view", ("int8",))?.unbind();
        Ok(PyVecEnv {
            game,
            seeds: Mutex::new(SeedStream::of_selection(selection, setup.seed)),
            setup,
            threads,
            max_steps,
            obs: PyArray2::zeros(py, [num_envs, l], false).unbind(),
            masks: masks.unbind(),
            masks_i8,
            rewards: PyArray2::zeros(py, [num_envs, s], false).unbind(),
            to_move: PyArray1::zeros(py, [num_envs], false).unbind(),
            done: PyArray1::zeros(py, [num_envs], false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            batch: Mutex::new(batch),
        })
    }

    /// Games stepped together.
    #[getter]
    fn num_envs(&self) -> usize {
        lock(&self.batch).games()
    }

    /// The length of each observation (columns of `obs`).
    #[getter]
    fn observation_len(&self) -> usize {
        lock(&self.batch).observation_len()
    }

    /// The size of the action space (columns of `masks`).
    #[getter]
    fn num_actions(&self) -> usize {
        lock(&self.batch).num_actions()
    }

    /// Seats per game (columns of `rewards`).
    #[getter]
    fn seats(&self) -> usize {
        lock(&self.batch).seats()
    }

    /// Threads stepping the games.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// What a learned policy for this selection is trained for, as
    /// :meth:`Env.selection`.
    fn selection<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let b = lock(&self.batch);
        let e = b
            .env(0)
            .ok_or_else(|| PyValueError::new_err("a VecEnv of no game"))?;
        crate::selection_dict(py, &e.selection())
    }

    /// Decisions after which a game is cut short (`truncated`); `None`:
    /// no limit.
    #[getter]
    fn max_steps(&self) -> Option<usize> {
        self.max_steps
    }

    /// Starts every game again and returns `(obs, masks, to_move)`: `obs`
    /// `num_envs × observation_len` float32, the seat to move's
    /// observation; `masks` `num_envs × num_actions` int8, its legal
    /// actions; `to_move` `num_envs` int64. The batch is seeded `seed`
    /// when given (and the stream of seeds starts again there), else by
    /// the stream's next seed (Gymnasium's convention: README, "Seeds").
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Reset> {
        let seed = lock(&self.seeds).next(seed)?;
        let n = lock(&self.batch).games();
        let fresh = make_batch(
            py,
            self.game,
            &self.setup,
            n,
            self.threads,
            seed,
            self.max_steps,
        )?;
        *lock(&self.batch) = fresh;
        self.with_out(py, |b, out| b.current(out).map_err(StepError::Shape))?;
        Ok((
            self.obs.clone_ref(py),
            self.masks_i8.clone_ref(py),
            self.to_move.clone_ref(py),
        ))
    }

    /// Plays `actions[i]` (`num_envs` action numbers, an integer array)
    /// in game `i` for its seat to move and returns `(obs, masks, rewards,
    /// to_move, terminated, truncated, info)`: `rewards` `num_envs ×
    /// seats` float32, non-zero only where the step ended a game by the
    /// rules; `terminated` and `truncated` `num_envs` bool (the game ended
    /// by the rules; cut short at `max_steps`). A game that ended starts
    /// again at once: its row of `obs`, `masks` and `to_move` is the next
    /// game's, and `info` holds the ended game (`final_observation`,
    /// `final_info`). Floats are a `TypeError`, another shape a
    /// `ValueError`; an action outside the action space or not legal in
    /// its game raises `IllegalAction` naming the game, before anything
    /// is played.
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Step> {
        let np = py.import("numpy")?;
        let given = np.call_method1("asarray", (actions,))?;
        self.check_actions(py, &np, &given)?;
        let arr = np.call_method1("ascontiguousarray", (given, "uint32"))?;
        let arr: PyReadonlyArray1<'_, u32> = arr.extract()?;
        let acts = arr
            .as_slice()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.with_out(py, |b, out| b.step(acts, out))?;
        self.step_out(py)
    }

    /// Plays a uniformly random legal action in every game (drawn from
    /// `seed` and the game's index), then returns what `step` returns.
    fn step_random(&self, py: Python<'_>, seed: &Bound<'_, PyAny>) -> PyResult<Step> {
        let seed = crate::seed_value(seed)?;
        self.with_out(py, |b, out| b.step_random(seed, out))?;
        self.step_out(py)
    }

    /// Every seat's observation of every game under way: a new float32
    /// array `num_envs × seats × observation_len` (`obs` holds only the
    /// seat to move's).
    fn observe_all<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let (games, seats, len) = {
            let b = lock(&self.batch);
            (b.games(), b.seats(), b.observation_len())
        };
        let batch = &self.batch;
        let all = py.detach(move || {
            let b = lock(batch);
            let mut all = vec![0f32; games * seats * len];
            for (i, block) in all.chunks_mut((seats * len).max(1)).enumerate() {
                if let Some(e) = b.env(i) {
                    observe_seats(e, block);
                }
            }
            all
        });
        PyArray1::from_vec(py, all).reshape([games, seats, len])
    }

    /// The seed of each game under way (`Game(seed=…)` and `Env.reset`
    /// with it deal the same game).
    fn seeds(&self) -> Vec<u64> {
        let b = lock(&self.batch);
        (0..b.games())
            .filter_map(|i| b.env(i).map(|e| e.setup().seed))
            .collect()
    }

    /// The actions played in game `i` since it started: with its seed
    /// (`seeds()[i]`), what replays it. `ValueError` for no such game.
    fn decisions(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let b = lock(&self.batch);
        Ok(Self::row(&b, i)?.decisions().to_vec())
    }

    /// The legal actions of game `i`; `ValueError` for no such game.
    fn legal_actions(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let b = lock(&self.batch);
        Ok(Self::row(&b, i)?.legal().to_vec())
    }

    /// The words of action number `action`, any of the action space (as
    /// `Env.action_words`). `ValueError` outside the space.
    fn action_words(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let b = lock(&self.batch);
        let e = b
            .env(0)
            .ok_or_else(|| PyValueError::new_err("no game in this VecEnv"))?;
        action_words(e, action)
    }

    /// The action number of `words` (as `Env.action_number`).
    /// `ValueError` when no action has them.
    fn action_number(&self, words: &str) -> PyResult<u32> {
        let b = lock(&self.batch);
        let e = b
            .env(0)
            .ok_or_else(|| PyValueError::new_err("no game in this VecEnv"))?;
        action_named(e, words)
    }

    fn __repr__(&self) -> String {
        let b = lock(&self.batch);
        format!(
            "<sevenw.VecEnv {} × {}, {} seats>",
            b.games(),
            self.game.info().title,
            b.seats()
        )
    }
}
