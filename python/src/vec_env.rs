//! `VecEnv`: many games of one selection stepped together into numpy
//! arrays made once, the GIL released while they are stepped.

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sevenw_runtime::env::{Batch, Out, StepError};
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::AnyGame;

use crate::selection::choose;
use crate::{Kind, error, lock};

/// Many games of one selection stepped together into numpy arrays.
#[pyclass(module = "sevenw._native", name = "VecEnv")]
pub(crate) struct PyVecEnv {
    game: &'static dyn AnyGame,
    setup: Setup,
    threads: usize,
    batch: Mutex<Batch<'static>>,
    obs: Py<PyArray2<f32>>,
    masks: Py<PyArray2<u8>>,
    rewards: Py<PyArray2<f32>>,
    to_move: Py<PyArray1<i64>>,
    done: Py<PyArray1<u8>>,
}

/// What `VecEnv.reset` returns: observations, masks, seats to move.
type Reset = (Py<PyArray2<f32>>, Py<PyArray2<u8>>, Py<PyArray1<i64>>);

/// What `VecEnv.step` returns: observations, masks, rewards, seats to
/// move, games ended.
type Step = (
    Py<PyArray2<f32>>,
    Py<PyArray2<u8>>,
    Py<PyArray2<f32>>,
    Py<PyArray1<i64>>,
    Py<PyArray1<u8>>,
);

fn make_batch(
    py: Python<'_>,
    game: &'static dyn AnyGame,
    setup: &Setup,
    num_envs: usize,
    threads: usize,
    seed: u64,
) -> PyResult<Batch<'static>> {
    let setup = setup.clone();
    let envs = game.need_envs().map_err(|m| error(py, Kind::Setup, m))?;
    py.detach(|| Batch::new(num_envs, seed, threads, &|| envs.start(&setup)))
        .map_err(|e| error(py, Kind::Setup, e.to_string()))
}

impl PyVecEnv {
    /// Runs `f` on the batch and the arrays' memory, the GIL released.
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
        let mut obs = obs
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut masks = masks
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut rewards = rewards
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut to_move = to_move
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut done = done
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
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
            })
    }

    /// Refuses `actions` (an array of one action per game) if one is
    /// outside the action space: `IllegalAction` naming the first such
    /// game, before the conversion to uint32 can wrap it round.
    fn check_range(
        &self,
        py: Python<'_>,
        np: &Bound<'_, PyModule>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        if actions.getattr("ndim")?.extract::<usize>()? != 1 {
            return Ok(()); // the batch refuses the shape
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

    fn step_out(&self, py: Python<'_>) -> Step {
        (
            self.obs.clone_ref(py),
            self.masks.clone_ref(py),
            self.rewards.clone_ref(py),
            self.to_move.clone_ref(py),
            self.done.clone_ref(py),
        )
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, threads=1, **selection))]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        threads: usize,
        selection: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let (game, setup, _) = choose(py, selection)?;
        let threads = threads.max(1);
        let batch = make_batch(py, game, &setup, num_envs, threads, setup.seed)?;
        let (l, a, s) = (batch.observation_len(), batch.num_actions(), batch.seats());
        Ok(PyVecEnv {
            game,
            setup,
            threads,
            obs: PyArray2::zeros(py, [num_envs, l], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, a], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, s], false).unbind(),
            to_move: PyArray1::zeros(py, [num_envs], false).unbind(),
            done: PyArray1::zeros(py, [num_envs], false).unbind(),
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

    /// Starts every game again from `seed` (default the selection's) and
    /// returns `(obs, masks, to_move)`: `obs` `num_envs × observation_len`
    /// float32, the seat to move's observation; `masks` `num_envs ×
    /// num_actions` uint8, its legal actions; `to_move` `num_envs` int64.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Reset> {
        let n = lock(&self.batch).games();
        let fresh = make_batch(
            py,
            self.game,
            &self.setup,
            n,
            self.threads,
            seed.unwrap_or(self.setup.seed),
        )?;
        *lock(&self.batch) = fresh;
        self.with_out(py, |b, out| b.current(out).map_err(StepError::Shape))?;
        Ok((
            self.obs.clone_ref(py),
            self.masks.clone_ref(py),
            self.to_move.clone_ref(py),
        ))
    }

    /// Plays `actions[i]` (`num_envs` action numbers) in game `i` for its
    /// seat to move and returns `(obs, masks, rewards, to_move, done)`:
    /// `rewards` `num_envs × seats` float32, non-zero only where the step
    /// ended a game; `done` `num_envs` uint8. An action outside the action
    /// space or not legal in its game raises `IllegalAction` naming the
    /// game, before anything is played.
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Step> {
        let np = py.import("numpy")?;
        let given = np.call_method1("asarray", (actions,))?;
        self.check_range(py, &np, &given)?;
        let arr = np.call_method1("ascontiguousarray", (given, "uint32"))?;
        let arr: PyReadonlyArray1<'_, u32> = arr.extract()?;
        let acts = arr
            .as_slice()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.with_out(py, |b, out| b.step(acts, out))?;
        Ok(self.step_out(py))
    }

    /// Plays a uniformly random legal action in every game (drawn from
    /// `seed` and the game's index), then returns what `step` returns.
    fn step_random(&self, py: Python<'_>, seed: u64) -> PyResult<Step> {
        self.with_out(py, |b, out| b.step_random(seed, out))?;
        Ok(self.step_out(py))
    }

    /// The legal actions of game `i`; `ValueError` for no such game.
    fn legal_actions(&self, i: usize) -> PyResult<Vec<u32>> {
        let b = lock(&self.batch);
        let e = b
            .env(i)
            .ok_or_else(|| PyValueError::new_err(format!("no game {i}")))?;
        Ok(e.legal().to_vec())
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
